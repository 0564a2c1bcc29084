// One ChatGPT `mapping` node's message → a convolog message (or nothing). Learned from real
// exports: a turn is several nodes (hidden context, `thoughts`, a `reasoning_recap` line, calls
// the model addressed to a built-in tool through `recipient`, the tool's `author.role: "tool"`
// output, then the answer), and citations ride in `metadata` apart from the text.
import type { AssistantBlock, Message, UserPart } from '../core/message.js';
import { isJsonObject } from '../core/is-json-object.js';
import { optionalString, requireArray, requireRecord, requireString, type SourcePath } from './source-fields.js';
import type { WarningCollector } from './warning-collector.js';

/** What a node's message becomes: a message, or `null` to skip the node (its children move up). */
export type ConvertedNode = Message | null;

/**
 * Converts the `message` of a mapping node. With `keepMedia` (the ZIP importer, which has the
 * files), each image or file held by `asset_pointer` (or listed in `metadata.attachments`) becomes
 * an image or file part whose source is `{ kind: 'provider_file', provider: 'chatgpt', fileId:
 * <pointer> }`, for the importer to resolve; without it, each is left out with a warning.
 * @internal
 */
export function convertChatGPTMessage(raw: unknown, path: SourcePath, warnings: WarningCollector, index: number, keepMedia = false): ConvertedNode {
  if (raw === null || raw === undefined) return null; // the empty root every mapping starts with
  const message = requireRecord(raw, path, 'a message object or null');
  const metadata = isJsonObject(message.metadata) ? message.metadata : {};
  // Custom instructions, memory context and the system prompt: ChatGPT itself never shows them.
  if (metadata.is_visually_hidden_from_conversation === true) return null;
  const author = requireRecord(message.author, [...path, 'author'], 'an author object');
  const role = optionalString(author.role, [...path, 'author', 'role'], 'the author role');
  const content = requireRecord(message.content, [...path, 'content'], 'a content object');
  const contentType = optionalString(content.content_type, [...path, 'content', 'content_type'], 'the content type') ?? 'text';
  const at: Place = { path: [...path, 'content'], warnings, index, keepMedia };
  if (role === 'user') return withAttachedFiles(userMessage(content, contentType, at), metadata, keepMedia);
  if (role === 'assistant') {
    const recipient = optionalString(message.recipient, [...path, 'recipient'], 'the recipient') ?? 'all';
    if (recipient !== 'all') return builtInToolCall(content, contentType, recipient, at);
    return assistantMessage(content, contentType, metadata, at);
  }
  if (role === 'tool') return builtInToolOutput(content, contentType, optionalString(author.name, [...path, 'author', 'name'], 'the tool name') ?? 'tool', at);
  if (role === 'system') {
    if (textOf(content).trim() !== '') warnings.droppedMessage('a system message was left out: a convolog history holds no system prompt', index);
    return null;
  }
  warnings.droppedMessage(`a message from the unknown author role ${JSON.stringify(role ?? null)} was left out`, index);
  return null;
}

interface Place { path: SourcePath; warnings: WarningCollector; index: number; keepMedia: boolean }

/** The provider of the `provider_file` sources the ZIP importer resolves. @internal */
export const CHATGPT_FILE_PROVIDER = 'chatgpt';

/**
 * Files uploaded with a user message that no part points to (a PDF, a spreadsheet): ChatGPT lists
 * them in `metadata.attachments` by bare id; images are listed there too, beside their pointer part.
 */
function withAttachedFiles(message: ConvertedNode, metadata: Record<string, unknown>, keepMedia: boolean): ConvertedNode {
  if (!keepMedia || message === null || !Array.isArray(metadata.attachments)) return message;
  const parts: UserPart[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : [...(message.content as UserPart[])];
  const pointed = new Set(parts.flatMap((part) => (part.type === 'image' || part.type === 'file') && part.source.kind === 'provider_file' ? [pointerId(part.source.fileId)] : []));
  for (const attachment of metadata.attachments) {
    if (!isJsonObject(attachment) || typeof attachment.id !== 'string' || attachment.id === '' || pointed.has(attachment.id)) continue;
    pointed.add(attachment.id);
    const filename = typeof attachment.name === 'string' && attachment.name !== '' ? attachment.name : undefined;
    parts.push({ type: 'file', source: { kind: 'provider_file', provider: CHATGPT_FILE_PROVIDER, fileId: attachment.id }, ...(filename === undefined ? {} : { filename }) });
  }
  return parts.length === (typeof message.content === 'string' ? 1 : message.content.length) ? message : { role: 'user', content: parts };
}

/** The bare file id of a pointer: `file-service://file-abc` and `sediment://file_00ab` name `file-abc` and `file_00ab`. @internal */
export function pointerId(pointer: string): string {
  return pointer.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
}

function userMessage(content: Record<string, unknown>, contentType: string, at: Place): ConvertedNode {
  if (contentType === 'user_editable_context') return null;
  if (contentType !== 'text' && contentType !== 'multimodal_text') {
    at.warnings.droppedMessage(`a user message of the unsupported type "${contentType}" was left out`, at.index);
    return null;
  }
  const parts = partsOf(content, at);
  if (parts.length === 0) return null;
  if (parts.every((part) => part.type === 'text')) return { role: 'user', content: parts.map((part) => (part as { text: string }).text).join('\n') };
  return { role: 'user', content: parts };
}

function assistantMessage(content: Record<string, unknown>, contentType: string, metadata: Record<string, unknown>, at: Place): ConvertedNode {
  const blocks = assistantBlocks(content, contentType, metadata, at);
  return blocks === null || blocks.length === 0 ? null : { role: 'assistant', content: blocks };
}

function assistantBlocks(content: Record<string, unknown>, contentType: string, metadata: Record<string, unknown>, at: Place): AssistantBlock[] | null {
  switch (contentType) {
    case 'text':
    case 'multimodal_text':
      return partsOf(content, at).flatMap((part): AssistantBlock[] => {
        if (part.type === 'image') return [part as AssistantBlock]; // only with keepMedia: else partsOf reported it
        if (part.type !== 'text') {
          at.warnings.droppedBlock('a file in an assistant message was left out: an answer holds images, not files', at.index);
          return [];
        }
        const text = resolveCitations(part.text, metadata);
        return text === '' ? [] : [{ type: 'text', text }];
      });
    case 'code':
      return [{ type: 'text', text: fence(requireString(content.text ?? '', [...at.path, 'text'], 'the code'), optionalString(content.language, [...at.path, 'language'], 'the language')) }];
    case 'thoughts':
      return thoughts(content, at);
    case 'reasoning_recap': // "Thought for 12 seconds": a label ChatGPT derives, not content
      return null;
    default:
      at.warnings.droppedMessage(`an assistant message of the unsupported type "${contentType}" was left out`, at.index);
      return null;
  }
}

/** The model addressing a built-in tool (`python`, `web`, `dalle.text2im`, `bio` …): no client tool call exists to pair it with. */
function builtInToolCall(content: Record<string, unknown>, contentType: string, recipient: string, at: Place): ConvertedNode {
  if (contentType === 'code' && /^python/.test(recipient)) {
    const code = requireString(content.text ?? '', [...at.path, 'text'], 'the code');
    at.warnings.droppedBlock(`code ChatGPT ran in its Python tool is kept as text, not as a tool call (no client tool ran it)`, at.index);
    return { role: 'assistant', content: [{ type: 'text', text: fence(code, 'python') }] };
  }
  at.warnings.droppedMessage(`a call of ChatGPT's built-in "${recipient}" tool was left out (internal tool traffic with no client tool call)`, at.index);
  return null;
}

function builtInToolOutput(content: Record<string, unknown>, contentType: string, name: string, at: Place): ConvertedNode {
  if (contentType === 'execution_output') {
    const output = requireString(content.text ?? '', [...at.path, 'text'], 'the execution output');
    at.warnings.droppedBlock(`the output of ChatGPT's "${name}" tool is kept as text in the answer, not as a tool result`, at.index);
    return { role: 'assistant', content: [{ type: 'text', text: `Output:\n${fence(output, undefined)}` }] };
  }
  if (contentType === 'multimodal_text') {
    // Images a built-in tool made (DALL·E): with their files, they join the answer of the turn.
    const media = partsOf(content, at).filter((part) => part.type === 'image');
    return media.length === 0 ? null : { role: 'assistant', content: media as AssistantBlock[] };
  }
  at.warnings.droppedMessage(`the "${contentType}" output of ChatGPT's built-in "${name}" tool was left out (internal tool traffic with no client tool call)`, at.index);
  return null;
}

function thoughts(content: Record<string, unknown>, at: Place): AssistantBlock[] {
  const list = content.thoughts === undefined ? [] : requireArray(content.thoughts, [...at.path, 'thoughts'], 'a list of thoughts');
  return list.flatMap((thought, position): AssistantBlock[] => {
    if (!isJsonObject(thought)) return [];
    const path = [...at.path, 'thoughts', position];
    const text = optionalString(thought.content, [...path, 'content'], 'a thought') || summaryText(thought.summary, [...path, 'summary']);
    return text.trim() === '' ? [] : [{ type: 'reasoning', text }];
  });
}

function summaryText(summary: unknown, path: SourcePath): string {
  if (Array.isArray(summary)) return summary.map((item) => (isJsonObject(item) && typeof item.text === 'string' ? item.text : '')).join('\n');
  return optionalString(summary, path, 'a thought summary') ?? '';
}

type TextOrMedia = UserPart & ({ type: 'text'; text: string } | { type: 'image' } | { type: 'file' });

/** `content.parts`: strings are text; objects are media ChatGPT holds by reference (left out, reported). */
function partsOf(content: Record<string, unknown>, at: Place): TextOrMedia[] {
  if (content.parts === undefined) return [];
  const parts = requireArray(content.parts, [...at.path, 'parts'], 'a list of parts');
  return parts.flatMap((part, position): TextOrMedia[] => {
    const path = [...at.path, 'parts', position];
    if (typeof part === 'string') return part === '' ? [] : [{ type: 'text', text: part }];
    if (!isJsonObject(part)) return [{ type: 'text', text: requireString(part, path, 'a message part') }];
    const partType = typeof part.content_type === 'string' ? part.content_type : 'unknown';
    if (partType === 'audio_transcription' && typeof part.text === 'string') return part.text === '' ? [] : [{ type: 'text', text: part.text }];
    if (at.keepMedia && typeof part.asset_pointer === 'string' && part.asset_pointer !== '') return [mediaPart(part.asset_pointer, partType)];
    const pointer = typeof part.asset_pointer === 'string' ? ` (${part.asset_pointer.slice(0, 80)})` : '';
    const what = partType === 'image_asset_pointer' ? 'an image' : `a "${partType}" part`;
    at.warnings.droppedBlock(`${what}${pointer} was left out: the export holds it only by reference to ChatGPT's file store`, at.index);
    return [];
  });
}

function mediaPart(pointer: string, partType: string): TextOrMedia {
  const source = { kind: 'provider_file' as const, provider: CHATGPT_FILE_PROVIDER, fileId: pointer };
  return partType === 'image_asset_pointer' ? { type: 'image', source } : { type: 'file', source };
}

function textOf(content: Record<string, unknown>): string {
  if (Array.isArray(content.parts)) return content.parts.filter((part) => typeof part === 'string').join('');
  return typeof content.text === 'string' ? content.text : '';
}

// Citations: newer exports put private-use markers (U+E200 … U+E201) in the text and the readable
// replacement in metadata.content_references[].alt; older ones put 【n†source】 markers in the text
// and metadata.citations[] with start_ix/end_ix and the page's title and url.
const PRIVATE_CITATION = /\uE200[^\uE201]*\uE201/g;

function resolveCitations(text: string, metadata: Record<string, unknown>): string {
  let resolved = text;
  const references = Array.isArray(metadata.content_references) ? metadata.content_references : [];
  for (const reference of references) {
    if (!isJsonObject(reference) || typeof reference.matched_text !== 'string' || reference.matched_text === '') continue;
    resolved = resolved.replace(reference.matched_text, () => (typeof reference.alt === 'string' ? reference.alt : ''));
  }
  if (references.length === 0) resolved = resolveLegacyCitations(resolved, metadata.citations);
  return resolved.replace(PRIVATE_CITATION, '');
}

function resolveLegacyCitations(text: string, citations: unknown): string {
  if (!Array.isArray(citations)) return text;
  const spans = citations.filter((citation): citation is Record<string, unknown> =>
    isJsonObject(citation) && Number.isInteger(citation.start_ix) && Number.isInteger(citation.end_ix));
  let resolved = text;
  for (const citation of [...spans].sort((a, b) => (b.start_ix as number) - (a.start_ix as number))) {
    const start = citation.start_ix as number;
    const end = citation.end_ix as number;
    const marker = resolved.slice(start, end);
    // Offsets counted in code points drift on astral text: only replace what is really a marker.
    if (!marker.startsWith('【') || !marker.endsWith('】')) continue;
    const source = isJsonObject(citation.metadata) ? citation.metadata : {};
    const link = typeof source.url === 'string' ? ` ([${typeof source.title === 'string' ? source.title : source.url}](${source.url}))` : '';
    resolved = resolved.slice(0, start) + link + resolved.slice(end);
  }
  return resolved;
}

function fence(code: string, language: string | undefined): string {
  const ticks = '`'.repeat(longestBacktickRun(code, 2) + 1);
  const label = language === undefined || language === 'unknown' ? '' : language;
  return `${ticks}${label}\n${code}\n${ticks}`;
}

/** The longest run of backticks in `code` (at least `floor`): a loop, as a spread of every run into Math.max overflows the stack on a hostile code node. */
function longestBacktickRun(code: string, floor: number): number {
  let longest = floor;
  for (const match of code.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  return longest;
}
