import type { CompactionEntry, Entry } from './entry.js';
import type {
  AssistantBlock, AssistantMessage, MediaSource, ToolMessage, ToolResultPart, UserPart,
} from './message.js';

/**
 * A readable Markdown transcript of a conversation's whole log, for export or display.
 *
 * Each message gets a role heading (`### User`, `### Assistant`); text is kept as written (chat
 * text is Markdown already); reasoning is quoted; each tool call shows its name, its arguments
 * and, right below, the result of the tool message answering it (error results are marked);
 * a tool result whose call is not in the log gets a section of its own. A compaction entry
 * appears where it happened, with its summary quoted. Code fences grow longer than any backtick
 * run inside them, so no content can break out. Nothing is escaped into HTML.
 *
 * @example
 * download(`${conversation.title}.md`, toMarkdown(await store.entries(conversation.id)))
 */
export function toMarkdown(entries: readonly Entry[]): string {
  const results = resultsByCallId(entries);
  const answered = new Set<string>();
  const sections: string[] = [];
  for (const entry of entries) {
    if (entry.type === 'compaction') {
      sections.push(compactionSection(entry));
      continue;
    }
    const { message } = entry;
    if (message.role === 'user') sections.push(`### User\n\n${userContent(message.content)}`);
    else if (message.role === 'assistant') sections.push(assistantSection(message, results, answered));
    else if (!answered.has(message.toolCallId)) sections.push(orphanResultSection(message));
  }
  return sections.length === 0 ? '' : `${sections.join('\n\n')}\n`;
}

/** The first tool message answering each call id, so a call can show its result in place. */
function resultsByCallId(entries: readonly Entry[]): Map<string, ToolMessage> {
  const results = new Map<string, ToolMessage>();
  for (const entry of entries) {
    if (entry.type !== 'message' || entry.message.role !== 'tool') continue;
    if (!results.has(entry.message.toolCallId)) results.set(entry.message.toolCallId, entry.message);
  }
  return results;
}

function compactionSection(entry: CompactionEntry): string {
  const before = entry.tokensBefore === undefined ? '' : ` (about ${entry.tokensBefore} tokens before)`;
  return `### Compaction\n\n*The messages before this point were summarized for the model${before}:*\n\n${quote(entry.summary)}`;
}

function userContent(content: string | readonly UserPart[]): string {
  if (typeof content === 'string') return content;
  return content.map(partMarkdown).join('\n\n');
}

function assistantSection(
  message: AssistantMessage,
  results: ReadonlyMap<string, ToolMessage>,
  answered: Set<string>,
): string {
  const pieces: string[] = ['### Assistant'];
  for (const block of message.content) pieces.push(blockMarkdown(block, results, answered));
  return pieces.filter((piece) => piece !== '').join('\n\n');
}

function blockMarkdown(
  block: AssistantBlock,
  results: ReadonlyMap<string, ToolMessage>,
  answered: Set<string>,
): string {
  switch (block.type) {
    case 'text': return block.text;
    case 'reasoning': return block.text === '' ? '' : quote(`*Reasoning:*\n${block.text}`);
    case 'refusal': return `*Refusal:* ${block.text}`;
    case 'image': return mediaMarkdown('image', block.source);
    case 'tool_call': {
      const call = `**Tool call:** ${inlineCode(block.name)}\n\n${fence(block.arguments, 'json')}`;
      const result = results.get(block.id);
      if (!result) return `${call}\n\n*No result.*`;
      answered.add(block.id);
      return `${call}\n\n${resultMarkdown(result)}`;
    }
    case 'provider_tool_call': return `**Provider tool call:** ${inlineCode(block.name)}\n\n${fence(block.arguments, 'json')}`;
    case 'provider_tool_result': return `**Provider tool result:**\n\n${fence(json(block.value), 'json')}`;
    case 'other': return `*[${block.typeName}]*`;
  }
}

function resultMarkdown(result: ToolMessage): string {
  const label = result.isError === true ? '**Result (error):**' : '**Result:**';
  return `${label}\n\n${toolContent(result.content)}`;
}

function orphanResultSection(message: ToolMessage): string {
  return `### Tool result: ${inlineCode(message.toolName)}\n\n${resultMarkdown(message)}`;
}

function toolContent(content: string | readonly ToolResultPart[]): string {
  if (typeof content === 'string') return fence(content, '');
  return content.map((part) => (part.type === 'text' ? fence(part.text, '') : partMarkdown(part))).join('\n\n');
}

function partMarkdown(part: UserPart | ToolResultPart): string {
  switch (part.type) {
    case 'text': return part.text;
    case 'image': return mediaMarkdown('image', part.source);
    case 'file': return mediaMarkdown('file', part.source, part.filename);
    case 'other': return `*[${part.typeName}]*`;
  }
}

/** Media by reference only: a URL is linked, inline data and provider files are named, never embedded. */
function mediaMarkdown(kind: 'image' | 'file', source: MediaSource, filename?: string): string {
  const name = filename ?? kind;
  if (source.kind === 'url') return kind === 'image' ? `![${name}](<${source.url}>)` : `[${name}](<${source.url}>)`;
  if (source.kind === 'base64') return `*[${kind}: ${filename ?? source.mediaType}]*`;
  return `*[${kind}: ${filename ?? source.fileId} (${source.provider} file)]*`;
}

function quote(text: string): string {
  return text.split('\n').map((line) => (line === '' ? '>' : `> ${line}`)).join('\n');
}

/** A fenced code block whose fence is longer than any backtick run in `text`. */
function fence(text: string, language: string): string {
  const marker = '`'.repeat(Math.max(3, longestBacktickRun(text) + 1));
  return `${marker}${language}\n${text}\n${marker}`;
}

function inlineCode(text: string): string {
  const marker = '`'.repeat(longestBacktickRun(text) + 1);
  const padding = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${marker}${padding}${text}${padding}${marker}`;
}

function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? '';
}
