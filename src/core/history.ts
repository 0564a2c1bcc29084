import { z } from 'zod/mini';
import { ConvologError, isConvologError } from './error.js';
import { quoted } from './excerpt.js';
import { MessageSchema, type Message } from './message.js';
import { toPlainJson } from './plain-json.js';
import { explainZodError } from './zod-explain.js';

/** The history format version this build writes, and the newest it reads. */
export const HISTORY_FORMAT_VERSION = 1;

/** A history as {@link serializeHistory} writes it: versioned plain JSON, ready for `JSON.stringify`. */
export interface SerializedHistory {
  format: 'convolog.history';
  formatVersion: typeof HISTORY_FORMAT_VERSION;
  messages: Message[];
}

/** A history as {@link parseHistory} read it. `formatVersion` is the version found in the input. */
export interface ParsedHistory {
  formatVersion: number;
  messages: Message[];
}

const messagesSchema = /* @__PURE__ */ z.array(MessageSchema);

/**
 * Writes messages in the versioned history format (always the current version). Unknown fields
 * are left out; a message that is not a valid {@link Message} throws `invalid_message`.
 *
 * @example
 * localStorage.setItem('chat', JSON.stringify(serializeHistory(messages)))
 */
export function serializeHistory(messages: readonly Message[]): SerializedHistory {
  // zod here, not the store's zod-free reader (parse-messages.ts): parseHistory needs the schemas
  // anyway, and all of convolog/core would otherwise carry both (bench/RESULTS.md, figure 11b).
  const parsed = messagesSchema.safeParse(messages);
  if (parsed.success) return { format: 'convolog.history', formatVersion: HISTORY_FORMAT_VERSION, messages: parsed.data };
  const { path, message } = explainZodError(parsed.error, messages);
  const what = typeof path[0] === 'number' ? `Message ${path[0]} is not a valid message` : 'Expected an array of messages';
  throw new ConvologError({
    code: 'invalid_message', path,
    message: `${what} (${message}). Nothing was serialized; fix or remove that message before saving the history.`,
  });
}

/**
 * Reads a history from JSON text or an already parsed value. Unknown fields are dropped and
 * `__proto__`/`constructor`/`prototype` keys never survive. Throws only {@link ConvologError}:
 * `unsupported_version`, `unknown_content_type`, `system_field` or `invalid_history` (with `path`).
 *
 * @example
 * const { messages } = parseHistory(await file.text())
 */
export function parseHistory(input: unknown): ParsedHistory {
  try {
    return parseUnsafely(input);
  } catch (error) {
    if (isConvologError(error)) throw error;
    // A hostile input can still break something below us (a stack overflow in a engine's parser).
    throw new ConvologError({
      code: 'invalid_history',
      message: `The history could not be read: ${error instanceof Error ? error.message : String(error)}.`,
      cause: error,
    });
  }
}

/** {@link parseHistory} without throwing. */
export function safeParseHistory(
  input: unknown,
): { success: true; data: ParsedHistory } | { success: false; error: ConvologError } {
  try {
    return { success: true, data: parseHistory(input) };
  } catch (error) {
    return { success: false, error: error as ConvologError };
  }
}

function parseUnsafely(input: unknown): ParsedHistory {
  const data = toPlainJson(typeof input === 'string' ? parseJsonText(input) : input);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw invalid([], 'A history is an object `{ format: "convolog.history", formatVersion, messages }`; this is not one.');
  }
  const record = data as Record<string, unknown>;
  if (record.format !== undefined && record.format !== 'convolog.history') throw wrongFormat(record.format);
  if (Object.hasOwn(record, 'system')) {
    throw new ConvologError({
      code: 'system_field',
      path: ['system'],
      message: 'A history holds no `system` field. Store what rebuilds your system prompt beside the history ' +
        "(e.g. in the conversation's appData) and set it on every request.",
    });
  }
  const formatVersion = readVersion(record.formatVersion);
  if (!Array.isArray(record.messages)) {
    throw invalid(['messages'], '`messages` must be an array of messages.');
  }
  const parsed = messagesSchema.safeParse(record.messages);
  if (parsed.success) return { formatVersion, messages: parsed.data };
  const explained = explainZodError(parsed.error, record.messages, ['messages']);
  if (explained.kind === 'unknown_content_type') {
    throw new ConvologError({ code: 'unknown_content_type', path: explained.path, message: `${explained.message}. Update convolog to read it.` });
  }
  if (explained.kind === 'system_role') {
    throw new ConvologError({
      code: 'system_field', path: explained.path,
      message: `${explained.message}. Keep the system prompt outside the history and set it on every request.`,
    });
  }
  throw invalid(explained.path, `Invalid history at ${explained.message}. It was damaged or edited by hand: fix or remove that message and read it again.`);
}

function wrongFormat(format: unknown): ConvologError {
  // A conversation export is the likeliest wrong file, and it has its own reader.
  const hint = format === 'convolog.conversation'
    ? ' It is a conversation export: read it with store.importConversation.'
    : '';
  return invalid(['format'], `\`format\` is ${quoted(format)}, so this is not a convolog history (a history has "convolog.history", or no format field).${hint}`);
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConvologError({
      code: 'invalid_history',
      message: `The history is not valid JSON (${error instanceof Error ? error.message : String(error)}).`,
      cause: error,
    });
  }
}

function readVersion(version: unknown): number {
  if (typeof version !== 'number' || !Number.isInteger(version)) {
    throw invalid(['formatVersion'], '`formatVersion` must be a whole number (this build writes 1).');
  }
  if (version < 1 || version > HISTORY_FORMAT_VERSION) {
    throw new ConvologError({
      code: 'unsupported_version',
      path: ['formatVersion'],
      message: `unsupported history format version ${version} (this build supports up to ${HISTORY_FORMAT_VERSION})` +
        (version > HISTORY_FORMAT_VERSION
          ? '. It was written by a newer convolog: update to read it.'
          : '. Versions start at 1, so it was not written by convolog: export it again from where it came.'),
      details: { formatVersion: version, supported: HISTORY_FORMAT_VERSION },
    });
  }
  return version;
}

function invalid(path: (string | number)[], message: string): ConvologError {
  return new ConvologError({ code: 'invalid_history', path, message });
}
