import { ConvologError, isConvologError } from '../core/error.js';
import { isJsonObject } from '../core/is-json-object.js';
import { convertChatGPTConversation } from './chatgpt-conversation.js';
import { convertClaudeConversation } from './claude-conversation.js';
import type { ConversationExportV2 } from './conversation-export-v2.js';
import type { ConvertedConversation } from './converted-conversation.js';
import { detectConversation } from './detect-export-format.js';
import type { ForeignExportFormat } from './export-format.js';
import type { ImportWarning } from './import-warning.js';
import { countTopLevelArray, scanTopLevelArray, startsWithArray } from './json-array-scanner.js';
import { convertOpenWebUIConversation } from './open-webui-conversation.js';
import { invalidSource, type SourcePath } from './source-fields.js';
import { describeConversation } from './warning-collector.js';

/** One step of {@link iterateExport}: the conversation at `index` of `total`, or why it was skipped. */
export interface ConvertedExportItem {
  /** 0-based position of the conversation in the file. */
  index: number;
  /** How many conversations the file holds. */
  total: number;
  /** The converted conversation; absent when it was skipped (see the `skipped_conversation` warning). */
  conversation?: ConversationExportV2;
  /** What was left out of this conversation, or why it was skipped. */
  warnings: ImportWarning[];
}

const CONVERTERS: Record<ForeignExportFormat, (value: unknown, path: SourcePath, keepMedia: boolean) => ConvertedConversation> = {
  chatgpt: convertChatGPTConversation,
  claude: convertClaudeConversation,
  open_webui: convertOpenWebUIConversation,
};

const FORMAT_NAMES: Record<ForeignExportFormat, string> = { chatgpt: 'ChatGPT', claude: 'Claude', open_webui: 'Open WebUI' };

/**
 * Converts a foreign export one conversation at a time. Given the file's text, it never parses
 * the whole file: each conversation is cut out of the text, parsed, converted and yielded, so only
 * the text plus one conversation's parsed copy and its conversion are alive at a time (import each
 * as it comes, and a 100 MB export stays in bounded memory). `total` comes from a quick scan first,
 * for a progress bar. A conversation that is malformed is skipped with a `skipped_conversation`
 * warning and the others go on; input that is not such an export throws `invalid_history` (with a
 * `path`) before anything is yielded.
 *
 * @example
 * for (const item of iterateExport(text, 'chatgpt')) {
 *   if (item.conversation) await store.importConversation(item.conversation);
 *   progress.value = (item.index + 1) / item.total;
 * }
 */
export function iterateExport(data: unknown, format: ForeignExportFormat): Generator<ConvertedExportItem, void, undefined> {
  return iterateConverted(data, format, false);
}

/**
 * {@link iterateExport}, where `keepMedia` keeps ChatGPT's file pointers as `provider_file` parts
 * for the ZIP importer to resolve (see `convertChatGPTMessage`).
 * @internal
 */
export function* iterateConverted(data: unknown, format: ForeignExportFormat, keepMedia: boolean): Generator<ConvertedExportItem, void, undefined> {
  if (typeof data === 'string' && startsWithArray(data)) {
    yield* iterateText(data, format, keepMedia);
    return;
  }
  const elements = elementsOf(typeof data === 'string' ? parseWhole(data) : data);
  checkFormat(elements[0], format);
  for (let index = 0; index < elements.length; index++) {
    yield convertOne(() => elements[index], index, elements.length, format, keepMedia);
  }
}

function* iterateText(text: string, format: ForeignExportFormat, keepMedia: boolean): Generator<ConvertedExportItem, void, undefined> {
  const total = countTopLevelArray(text);
  let index = 0;
  for (const span of scanTopLevelArray(text)) {
    const slice = text.slice(span.start, span.end);
    const first = index === 0 ? parseFirst(slice) : undefined;
    if (index === 0) checkFormat(first!.value, format);
    yield convertOne(() => (first !== undefined && first.error === undefined ? first.value : parseElement(slice, index)), index, total, format, keepMedia);
    index++;
  }
}

function convertOne(read: () => unknown, index: number, total: number, format: ForeignExportFormat, keepMedia: boolean): ConvertedExportItem {
  let value: unknown;
  try {
    value = read();
    const { conversation, warnings } = CONVERTERS[format](value, [index], keepMedia);
    if (conversation.entries.length > 0) return { index, total, conversation, warnings };
    // Only hidden or left-out nodes: an empty chat in the list would be noise.
    return { index, total, warnings: [...warnings, skippedEmpty(conversation, index)] };
  } catch (error) {
    // Whatever goes wrong inside one conversation (a bad field, or a bug or a hostile size we did
    // not foresee) costs that conversation only: the others of the file still import.
    return { index, total, warnings: [skipped(value, index, asConvologError(error, index))] };
  }
}

function asConvologError(error: unknown, index: number): ConvologError {
  if (isConvologError(error)) return error;
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new ConvologError({
    code: 'invalid_history', path: [index], cause: error,
    message: `Converting it failed unexpectedly (${reason.slice(0, 200)}); please report this with the shape of the conversation.`,
  });
}

function skipped(value: unknown, index: number, error: ConvologError): ImportWarning {
  const id = readSafely(() => (isJsonObject(value) ? firstString(value.conversation_id, value.uuid, value.id) : undefined));
  const title = readSafely(() => (isJsonObject(value) ? firstString(value.title, value.name) : undefined));
  const warning: ImportWarning = {
    code: 'skipped_conversation',
    message: `Skipped ${describeConversation(id, title ?? `number ${index + 1}`)}: ${error.message} The other conversations were kept.`,
    messageIndex: index,
  };
  if (id !== undefined) warning.conversationId = id;
  if (title !== undefined) warning.conversationTitle = title;
  if (error.path !== undefined) warning.path = error.path;
  return warning;
}

function skippedEmpty(conversation: ConversationExportV2, index: number): ImportWarning {
  const { id, title } = conversation.conversation;
  return {
    code: 'skipped_conversation', messageIndex: index, conversationId: id, conversationTitle: title,
    message: `Skipped ${describeConversation(id, title)}: it holds no message convolog can carry.`,
  };
}

/** A field for the warning's name, or nothing when reading it throws (an object given with a hostile getter). */
function readSafely(read: () => string | undefined): string | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function firstString(...values: unknown[]): string | undefined {
  return values.find((value): value is string => typeof value === 'string' && value !== '');
}

function elementsOf(value: unknown): readonly unknown[] {
  if (Array.isArray(value)) return value;
  if (isJsonObject(value) && Array.isArray(value.conversations)) return value.conversations;
  if (isJsonObject(value)) return [value]; // one conversation exported on its own
  throw invalidSource([], 'An export file is a JSON array of conversations; this is not one');
}

function checkFormat(first: unknown, format: ForeignExportFormat): void {
  if (first === undefined) return;
  const found = detectConversation(first);
  if (found === format) return;
  const what = found === null ? 'no conversation export we know' : `a ${FORMAT_NAMES[found]} export`;
  throw invalidSource([0], `This is not a ${FORMAT_NAMES[format]} export: its first conversation looks like ${what}`);
}

function parseWhole(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConvologError({ code: 'invalid_history', path: [], message: `The file is not JSON (${(error as Error).message}). Nothing was imported.`, cause: error });
  }
}

/** The first conversation, parsed once for the format check and the conversion (a parse error waits for the conversion). */
function parseFirst(slice: string): { value: unknown; error?: unknown } {
  try {
    return { value: JSON.parse(slice) };
  } catch (error) {
    return { value: undefined, error };
  }
}

function parseElement(text: string, index: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConvologError({ code: 'invalid_history', path: [index], message: `Conversation ${index} is not valid JSON (${(error as Error).message}).`, cause: error });
  }
}
