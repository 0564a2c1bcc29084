import type { CompactionEntry, Entry } from './entry.js';
import type {
  AssistantBlock, AssistantMessage, MediaSource, Message, ToolMessage, ToolResultPart, UserPart,
} from './message.js';
import { toolResultIndex } from './tool-result-index.js';

/**
 * A readable Markdown transcript of a conversation's whole log, for export or display.
 *
 * Each message gets a role heading (`### User`, `### Assistant`); text is kept as written (chat
 * text is Markdown already); reasoning is quoted; each tool call shows its name, its arguments
 * and, right below, the result of the tool message answering it in the run right after it (error
 * results are marked); a tool result that answers no call in place gets a section of its own. A compaction entry
 * appears where it happened, with its summary quoted. Code fences grow longer than any backtick
 * run inside them, so no content can break out. Nothing is escaped into HTML.
 *
 * @example
 * download(`${conversation.title}.md`, toMarkdown(await store.entries(conversation.id)))
 */
export function toMarkdown(entries: readonly Entry[]): string {
  // A compaction entry stands between messages of the log, not of the conversation: calls and
  // results pair up over the messages alone.
  const messages: Message[] = [];
  for (const entry of entries) if (entry.type === 'message') messages.push(entry.message);
  const shown = new Set<number>();
  const sections: string[] = [];
  let index = -1;
  for (const entry of entries) {
    if (entry.type === 'compaction') {
      sections.push(compactionSection(entry));
      continue;
    }
    index++;
    const { message } = entry;
    if (message.role === 'user') sections.push(`### User\n\n${userContent(message.content)}`);
    else if (message.role === 'assistant') sections.push(assistantSection(messages, index, shown));
    else if (!shown.has(index)) sections.push(orphanResultSection(message));
  }
  return sections.length === 0 ? '' : `${sections.join('\n\n')}\n`;
}

function compactionSection(entry: CompactionEntry): string {
  const before = entry.tokensBefore === undefined ? '' : ` (about ${entry.tokensBefore} tokens before)`;
  return `### Compaction\n\n*The messages before this point were summarized for the model${before}:*\n\n${quote(entry.summary)}`;
}

function userContent(content: string | readonly UserPart[]): string {
  if (typeof content === 'string') return content;
  return content.map(partMarkdown).join('\n\n');
}

/** The section of the assistant message at `index`; the results it shows under their calls go into `shown`. */
function assistantSection(messages: readonly Message[], index: number, shown: Set<number>): string {
  const resultOf = (callId: string): ToolMessage | undefined => {
    const resultIndex = toolResultIndex(messages, index, callId);
    if (resultIndex === undefined) return undefined;
    shown.add(resultIndex);
    return messages[resultIndex] as ToolMessage;
  };
  const pieces: string[] = ['### Assistant'];
  for (const block of (messages[index] as AssistantMessage).content) pieces.push(blockMarkdown(block, resultOf));
  return pieces.filter((piece) => piece !== '').join('\n\n');
}

function blockMarkdown(block: AssistantBlock, resultOf: (callId: string) => ToolMessage | undefined): string {
  switch (block.type) {
    case 'text': return block.text;
    case 'reasoning': return block.text === '' ? '' : quote(`*Reasoning:*\n${block.text}`);
    case 'refusal': return `*Refusal:* ${block.text}`;
    case 'image': return mediaMarkdown('image', block.source);
    case 'tool_call': {
      const call = `**Tool call:** ${inlineCode(block.name)}\n\n${fence(block.arguments, 'json')}`;
      const result = resultOf(block.id);
      return result === undefined ? `${call}\n\n*No result.*` : `${call}\n\n${resultMarkdown(result)}`;
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
  if (source.kind !== 'provider_file') return `*[${kind}: ${filename ?? source.mediaType}]*`;
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
