import { z } from 'zod/mini';
import { describeIssue } from '../../core/describe-issue.js';
import { EntrySchema, type CompactionEntry, type Entry, type MessageEntry } from '../../core/entry.js';
import { ConvologError } from '../../core/error.js';
import { quoted } from '../../core/excerpt.js';
import { AppDataSchema, type Message } from '../../core/message.js';
import { retainPortableContent } from '../../core/retain-portable-content.js';
import type { Warning } from '../../core/warning.js';
import { explainZodError } from '../../core/zod-explain.js';
import { CONVERSATION_FORMAT, CONVERSATION_FORMAT_VERSION, type ConversationExport } from './conversation-export.js';
import { LineTable } from '../log/line-table.js';
import { ROOT_NODE } from '../log/tree-node.js';
import { carriedShield } from './carried-shield.js';
import { branchPairingIssues } from './check-branch-pairing.js';

/** A checked import, ready to write (ids may still collide with the store's). @internal */
export interface CheckedImport {
  conversation: Omit<ConversationExport['conversation'], 'headId'>;
  /** The entry the export's head named, if it names one of the import. */
  headId: string | null;
  entries: Entry[];
  warnings: Warning[];
}

const ISO_TIMESTAMP_EXPECTED = 'expected a UTC timestamp as Date.prototype.toISOString() writes it, such as 2025-01-01T12:00:00.000Z';

// The list orders conversations, and the log its entries, by comparing timestamps as strings:
// only toISOString's one form keeps string order time order.
const isoTimestampSchema = /* @__PURE__ */ z.string().check(z.refine(isIsoTimestamp, { message: ISO_TIMESTAMP_EXPECTED }));

const headerSchema = /* @__PURE__ */ z.object({
  id: /* @__PURE__ */ z.string().check(z.minLength(1)), title: z.string(), createdAt: isoTimestampSchema, updatedAt: isoTimestampSchema, appData: z.optional(AppDataSchema),
  headId: z.optional(z.nullable(/* @__PURE__ */ z.string().check(z.minLength(1)))),
});

/**
 * Checks an export object (already a plain JSON copy): format and version, the header, every
 * entry, timestamps (toISOString's form), references (conversation ids, contiguous seqs from 1,
 * unique entry ids, each `parentId` an earlier entry of the import, so no cycle, self-parent or
 * foreign parent gets in; each `firstKeptId` a user message entry on the compaction's branch;
 * `headId` an entry) and the pairing invariant of every branch (`resumable`). A version 1 export
 * is linear: each entry's parent is the entry before it. A `headId` lost with a crash-truncated
 * JSONL tail (`truncated`) is dropped (the head becomes the newest leaf). Untrusted messages pass
 * `retainPortableContent`, except that a reference to an attachment whose checked bytes the
 * import carries (`carried`) stays. Indices in warnings and issues are positions in `entries`.
 * @internal
 */
export function checkImport(data: Record<string, unknown>, trusted: boolean, truncated = false, carried: ReadonlySet<string> = new Set()): CheckedImport {
  const version = checkFormat(data);
  const { headId: exportedHead, ...conversation } = parseHeader(data.conversation);
  const entries = parseEntries(version === 1 ? withLinearParents(data.entries) : data.entries);
  checkTimestamps(entries);
  const ids = checkReferences(conversation.id, entries);
  const headId = checkHead(exportedHead ?? null, ids, truncated);
  const warnings = trusted ? [] : retainContent(entries, carried);
  checkPairing(entries);
  return { conversation, headId, entries, warnings };
}

/** Version 1 exports have no `parentId`: their log is linear. */
function withLinearParents(entries: unknown): unknown {
  if (!Array.isArray(entries)) return entries;
  let parentId: string | null = null;
  return entries.map((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return entry;
    const linked = { ...(entry as Record<string, unknown>), parentId };
    const id = (entry as { id?: unknown }).id;
    parentId = typeof id === 'string' && id !== '' ? id : null;
    return linked;
  });
}

function checkHead(headId: string | null, ids: ReadonlyMap<string, unknown>, truncated: boolean): string | null {
  if (headId === null || ids.has(headId)) return headId;
  if (truncated) return null;
  throw invalid(['conversation', 'headId'], `the head ${quoted(headId)} is no entry of the import`);
}

function checkFormat(data: Record<string, unknown>): number {
  if (data.format !== CONVERSATION_FORMAT) {
    throw invalid(['format'], `\`format\` is ${quoted(data.format)}; a conversation export has "${CONVERSATION_FORMAT}".`);
  }
  const version = data.formatVersion;
  if (typeof version !== 'number' || !Number.isInteger(version)) {
    throw invalid(['formatVersion'], `\`formatVersion\` must be a whole number (this build writes ${CONVERSATION_FORMAT_VERSION}).`);
  }
  if (version < 1 || version > CONVERSATION_FORMAT_VERSION) {
    throw new ConvologError({
      code: 'unsupported_version', path: ['formatVersion'],
      message: `unsupported conversation export version ${version} (this build supports up to ${CONVERSATION_FORMAT_VERSION})` +
        (version > CONVERSATION_FORMAT_VERSION ? '. It was written by a newer convolog: update to import it.' : '.'),
      details: { formatVersion: version, supported: CONVERSATION_FORMAT_VERSION },
    });
  }
  return version;
}

function parseHeader(header: unknown): CheckedImport['conversation'] & { headId?: string | null } {
  const parsed = headerSchema.safeParse(header);
  if (parsed.success) return parsed.data as CheckedImport['conversation'] & { headId?: string | null };
  const explained = explainZodError(parsed.error, header, ['conversation']);
  throw invalid(explained.path, `Invalid conversation at ${explained.message}.`);
}

function parseEntries(entries: unknown): Entry[] {
  if (!Array.isArray(entries)) throw invalid(['entries'], '`entries` must be an array of log entries.');
  return entries.map((entry, index) => {
    const parsed = safeParseEntry(entry, index);
    if (parsed.success) return parsed.data;
    const explained = explainZodError(parsed.error, entry, ['entries', index]);
    if (explained.kind === 'unknown_content_type') {
      throw new ConvologError({ code: 'unknown_content_type', path: explained.path, message: `${explained.message}. Update convolog to import it.` });
    }
    throw invalid(explained.path, `Invalid entry at ${explained.message}.`);
  });
}

/**
 * zod collects a bad array's issues with a spread into a call, which overflows the stack past about
 * 120,000 of them (an entry of 300,000 bad blocks): that is a refusal of this entry, not a crash.
 */
function safeParseEntry(entry: unknown, index: number): ReturnType<typeof EntrySchema.safeParse> {
  try {
    return EntrySchema.safeParse(entry);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new ConvologError({
      code: 'invalid_history', path: ['entries', index], cause: error,
      message: `Entry ${index} is too large to check (${error.message}); no chat message holds that much. Nothing was imported.`,
    });
  }
}

function checkTimestamps(entries: readonly Entry[]): void {
  entries.forEach((entry, index) => {
    if (isIsoTimestamp(entry.timestamp)) return;
    throw invalid(['entries', index, 'timestamp'], `entry ${index} has the timestamp ${quoted(entry.timestamp)}; ${ISO_TIMESTAMP_EXPECTED}`);
  });
}

/** Checks ids, seqs, parents and cuts; returns each entry's place in the tree by id. */
function checkReferences(conversationId: string, entries: readonly Entry[]): Map<string, { index: number; seq: number; line: number }> {
  const positions = new Map<string, number>();
  const table = new LineTable([]);
  const nodes = new Map<string, { index: number; seq: number; line: number }>();
  entries.forEach((entry, index) => {
    if (entry.conversationId !== conversationId) {
      throw invalid(['entries', index, 'conversationId'], `entry ${index} belongs to conversation "${entry.conversationId}", not "${conversationId}"`);
    }
    if (entry.seq !== index + 1) {
      throw invalid(['entries', index, 'seq'], `entry ${index} has seq ${entry.seq}; seqs count from 1 without gaps (expected ${index + 1})`);
    }
    if (positions.has(entry.id)) throw invalid(['entries', index, 'id'], `entry ${index} repeats the id "${entry.id}" of entry ${positions.get(entry.id)}`);
    const parent = entry.parentId === null ? { index: -1, seq: 0, line: 0 } : nodes.get(entry.parentId);
    if (parent === undefined) {
      throw invalid(['entries', index, 'parentId'], `entry ${index} names the parent "${entry.parentId}", which is no earlier entry of the import ` +
        '(a parent comes before its children, so a forward reference, a cycle, an entry that is its own parent or one of another conversation is refused)');
    }
    positions.set(entry.id, index);
    const node = { index, seq: entry.seq, line: table.place({ ...ROOT_NODE, seq: parent.seq, line: parent.line }, entry.seq) };
    if (entry.type === 'compaction') checkCut(entries, entry, index, nodes, table, parent);
    nodes.set(entry.id, node);
  });
  return nodes;
}

function checkCut(
  entries: readonly Entry[], compaction: CompactionEntry, index: number,
  earlier: ReadonlyMap<string, { index: number; seq: number; line: number }>, table: LineTable, parent: { seq: number; line: number },
): void {
  const keptNode = earlier.get(compaction.firstKeptId);
  const kept = keptNode === undefined ? undefined : entries[keptNode.index];
  if (kept === undefined || keptNode === undefined) {
    throw invalid(['entries', index, 'firstKeptId'], `compaction ${index} keeps from ${quoted(compaction.firstKeptId)}, which is no earlier entry of the import`);
  }
  if (kept.type !== 'message' || kept.message.role !== 'user') {
    throw new ConvologError({
      code: 'invalid_cut', path: ['entries', index, 'firstKeptId'],
      message: `Compaction ${index} keeps from entry ${keptNode.index}, which is not a user message. Nothing was imported.`,
    });
  }
  if (parent.seq === 0 || !table.isOnPath(keptNode, parent)) {
    throw new ConvologError({
      code: 'invalid_cut', path: ['entries', index, 'firstKeptId'],
      message: `Compaction ${index} keeps from entry ${keptNode.index}, which is not on its branch. Nothing was imported.`,
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

function retainContent(entries: Entry[], carried: ReadonlySet<string>): Warning[] {
  const { messages, positions } = messagesOf(entries);
  const shield = carriedShield(carried);
  const retained = retainPortableContent(messages.map(shield.hide));
  retained.messages.forEach((message, position) => {
    (entries[positions[position]!] as MessageEntry).message = shield.restore(message);
  });
  return retained.warnings.map((warning) =>
    warning.messageIndex === undefined ? warning : { ...warning, messageIndex: positions[warning.messageIndex]! });
}

function checkPairing(entries: readonly Entry[]): void {
  const issues = branchPairingIssues(entries);
  if (issues.length === 0) return;
  throw new ConvologError({
    code: 'pairing', issues,
    message: `A branch of the imported log breaks the tool-call pairing (${describeIssue(issues[0]!)}; indices are positions in entries). ` +
      'Nothing was imported.',
  });
}

function isIsoTimestamp(text: string): boolean {
  const time = Date.parse(text);
  return !Number.isNaN(time) && new Date(time).toISOString() === text;
}

function invalid(path: (string | number)[], message: string): ConvologError {
  return new ConvologError({ code: 'invalid_history', path, message: `${message}. Nothing was imported.` });
}
