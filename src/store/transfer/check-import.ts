import { z } from 'zod/mini';
import { describeIssue } from '../../core/describe-issue.js';
import { EntrySchema, type CompactionEntry, type Entry, type MessageEntry } from '../../core/entry.js';
import { ConvologError } from '../../core/error.js';
import { AppDataSchema, type Message } from '../../core/message.js';
import { retainPortableContent } from '../../core/retain-portable-content.js';
import { validate } from '../../core/validate.js';
import type { Warning } from '../../core/warning.js';
import { explainZodError } from '../../core/zod-explain.js';
import { CONVERSATION_FORMAT, CONVERSATION_FORMAT_VERSION, type ConversationExport } from './conversation-export.js';
import { mapIssueIndices } from '../log/map-issue-indices.js';

/** A checked import, ready to write (ids may still collide with the store's). @internal */
export interface CheckedImport {
  conversation: ConversationExport['conversation'];
  entries: Entry[];
  warnings: Warning[];
}

const ISO_TIMESTAMP_EXPECTED = 'expected a UTC timestamp as Date.prototype.toISOString() writes it, such as 2025-01-01T12:00:00.000Z';

// The list orders conversations, and the log its entries, by comparing timestamps as strings:
// only toISOString's one form keeps string order time order.
const isoTimestampSchema = /* @__PURE__ */ z.string().check(z.refine(isIsoTimestamp, { message: ISO_TIMESTAMP_EXPECTED }));

const headerSchema = /* @__PURE__ */ z.object({
  id: /* @__PURE__ */ z.string().check(z.minLength(1)), title: z.string(), createdAt: isoTimestampSchema, updatedAt: isoTimestampSchema, appData: z.optional(AppDataSchema),
});

/**
 * Checks an export object (already a plain JSON copy): format and version, the header, every
 * entry, timestamps (toISOString's form), references (conversation ids, contiguous seqs from 1,
 * unique entry ids, each `firstKeptId` an earlier user message entry of the import) and the pairing invariant
 * (`resumable`). Untrusted messages pass `retainPortableContent`. Indices in warnings and
 * issues are positions in `entries`.
 * @internal
 */
export function checkImport(data: Record<string, unknown>, trusted: boolean): CheckedImport {
  checkFormat(data);
  const conversation = parseHeader(data.conversation);
  const entries = parseEntries(data.entries);
  checkTimestamps(entries);
  checkReferences(conversation.id, entries);
  const warnings = trusted ? [] : retainContent(entries);
  checkPairing(entries);
  return { conversation, entries, warnings };
}

function checkFormat(data: Record<string, unknown>): void {
  if (data.format !== CONVERSATION_FORMAT) {
    throw invalid(['format'], `\`format\` is ${JSON.stringify(data.format)}; a conversation export has "${CONVERSATION_FORMAT}".`);
  }
  const version = data.formatVersion;
  if (typeof version !== 'number' || !Number.isInteger(version)) {
    throw invalid(['formatVersion'], '`formatVersion` must be a whole number (this build writes 1).');
  }
  if (version < 1 || version > CONVERSATION_FORMAT_VERSION) {
    throw new ConvologError({
      code: 'unsupported_version', path: ['formatVersion'],
      message: `unsupported conversation export version ${version} (this build supports up to ${CONVERSATION_FORMAT_VERSION})` +
        (version > CONVERSATION_FORMAT_VERSION ? '. It was written by a newer convolog: update to import it.' : '.'),
      details: { formatVersion: version, supported: CONVERSATION_FORMAT_VERSION },
    });
  }
}

function parseHeader(header: unknown): CheckedImport['conversation'] {
  const parsed = headerSchema.safeParse(header);
  if (parsed.success) return parsed.data as CheckedImport['conversation'];
  const explained = explainZodError(parsed.error, header, ['conversation']);
  throw invalid(explained.path, `Invalid conversation at ${explained.message}.`);
}

function parseEntries(entries: unknown): Entry[] {
  if (!Array.isArray(entries)) throw invalid(['entries'], '`entries` must be an array of log entries.');
  return entries.map((entry, index) => {
    const parsed = EntrySchema.safeParse(entry);
    if (parsed.success) return parsed.data;
    const explained = explainZodError(parsed.error, entry, ['entries', index]);
    if (explained.kind === 'unknown_content_type') {
      throw new ConvologError({ code: 'unknown_content_type', path: explained.path, message: `${explained.message}. Update convolog to import it.` });
    }
    throw invalid(explained.path, `Invalid entry at ${explained.message}.`);
  });
}

function checkTimestamps(entries: readonly Entry[]): void {
  entries.forEach((entry, index) => {
    if (isIsoTimestamp(entry.timestamp)) return;
    throw invalid(['entries', index, 'timestamp'], `entry ${index} has the timestamp ${JSON.stringify(entry.timestamp)}; ${ISO_TIMESTAMP_EXPECTED}`);
  });
}

function checkReferences(conversationId: string, entries: readonly Entry[]): void {
  const positions = new Map<string, number>();
  entries.forEach((entry, index) => {
    if (entry.conversationId !== conversationId) {
      throw invalid(['entries', index, 'conversationId'], `entry ${index} belongs to conversation "${entry.conversationId}", not "${conversationId}"`);
    }
    if (entry.seq !== index + 1) {
      throw invalid(['entries', index, 'seq'], `entry ${index} has seq ${entry.seq}; seqs count from 1 without gaps (expected ${index + 1})`);
    }
    if (positions.has(entry.id)) throw invalid(['entries', index, 'id'], `entry ${index} repeats the id "${entry.id}" of entry ${positions.get(entry.id)}`);
    positions.set(entry.id, index);
    if (entry.type === 'compaction') checkCut(entries, entry, index, positions);
  });
}

function checkCut(entries: readonly Entry[], compaction: CompactionEntry, index: number, earlier: ReadonlyMap<string, number>): void {
  const keptIndex = earlier.get(compaction.firstKeptId);
  const kept = keptIndex === undefined ? undefined : entries[keptIndex];
  if (kept === undefined) {
    throw invalid(['entries', index, 'firstKeptId'], `compaction ${index} keeps from "${compaction.firstKeptId}", which is no earlier entry of the import`);
  }
  if (kept.type !== 'message' || kept.message.role !== 'user') {
    throw new ConvologError({
      code: 'invalid_cut', path: ['entries', index, 'firstKeptId'],
      message: `Compaction ${index} keeps from entry ${keptIndex}, which is not a user message; the import is refused.`,
    });
  }
}

/** The messages of the message entries, and each one's position in `entries`. */
function messagesOf(entries: readonly Entry[]): { messages: Message[]; positions: number[] } {
  const positions: number[] = [];
  const messages: Message[] = [];
  entries.forEach((entry, index) => {
    if (entry.type !== 'message') return;
    positions.push(index);
    messages.push(entry.message);
  });
  return { messages, positions };
}

function retainContent(entries: Entry[]): Warning[] {
  const { messages, positions } = messagesOf(entries);
  const retained = retainPortableContent(messages);
  retained.messages.forEach((message, position) => {
    (entries[positions[position]!] as MessageEntry).message = message;
  });
  return retained.warnings.map((warning) =>
    warning.messageIndex === undefined ? warning : { ...warning, messageIndex: positions[warning.messageIndex]! });
}

function checkPairing(entries: readonly Entry[]): void {
  const { messages, positions } = messagesOf(entries);
  const issues = validate(messages, 'resumable').map((issue) => mapIssueIndices(issue, (index) => positions[index]!));
  if (issues.length === 0) return;
  throw new ConvologError({
    code: 'pairing', issues,
    message: `The imported log breaks the tool-call pairing (${describeIssue(issues[0]!)}; indices are positions in entries). Nothing was imported.`,
  });
}

function isIsoTimestamp(text: string): boolean {
  const time = Date.parse(text);
  return !Number.isNaN(time) && new Date(time).toISOString() === text;
}

function invalid(path: (string | number)[], message: string): ConvologError {
  return new ConvologError({ code: 'invalid_history', path, message: `${message}. Nothing was imported.` });
}
