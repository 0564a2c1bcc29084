import { ConvologError } from '../../core/error.js';
import { parseHistory } from '../../core/history.js';
import { toPlainJson } from '../../core/plain-json.js';
import type { Warning } from '../../core/warning.js';
import { throwIfAborted } from '../database/aborted-error.js';
import { checkImport } from './check-import.js';
import { checkImportSize, DEFAULT_MAX_IMPORT_BYTES, importTooLarge } from './check-import-size.js';
import { toConversation } from '../conversations/to-conversation.js';
import { CONVERSATION_FORMAT, CONVERSATION_FORMAT_VERSION } from './conversation-export.js';
import type { ImportOptions, ImportResult } from '../types/options.js';
import { isJsonlExport, parseJsonlExport } from './parse-jsonl-export.js';
import { runTransaction, type Transaction } from '../database/run-transaction.js';
import { ALL_STORES } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';
import { writeOnce, type WrittenOnce } from './write-once.js';
import { attachmentSection, carriedFromSection, type CarriedAttachment } from './carried-attachments.js';
import { writeCarriedAttachments } from './write-carried-attachments.js';
import { invalidArchive } from './zip/invalid-archive.js';

const OPERATION = 'The import';

// importAll loads with this module (one chunk): as a dynamic import of its own, the bundler split
// what it shares with this chunk and with openStore's entry into small chunks of their own, which
// cost openStore +121 B up front (measured). Its ZIP reading and fflate still load only with a ZIP.
export { importAll } from './import-all.js';

/**
 * `store.importConversation`: a conversation export (an object, JSON or JSON Lines text, a Blob
 * of either, or a ZIP export's Blob) or a serialized history becomes a new conversation with the
 * attachments it carries, atomically; one imported from another app before is skipped, replaced
 * or duplicated (see `writeOnce`). Untrusted unless `trusted`: a safe plain copy, every message
 * through `retainPortableContent`, references and pairing checked; carried bytes are always
 * checked against their ids.
 * @internal
 */
export async function importConversation(
  context: StoreContext, data: unknown, options: ImportOptions = {},
): Promise<ImportResult> {
  const { signal } = options;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_IMPORT_BYTES;
  throwIfAborted(OPERATION, signal);
  const { exported, warnings, carried } = await readAnyInput(context, data, maxBytes);
  const checked = checkImport(exported, options.trusted === true, warnings.some((warning) => warning.code === 'truncated_tail'),
    new Set(carried.map((attachment) => attachment.id)));
  throwIfAborted(OPERATION, signal);
  let written;
  let stopWriting: (() => void) | undefined;
  try {
    written = await runTransaction(context, [...ALL_STORES, 'searchNames'], 'readwrite', 'Importing a conversation', async (transaction) => {
      // The signal may have aborted while the transaction was opening: an abort listener added now would never fire.
      throwIfAborted(OPERATION, signal);
      stopWriting = () => abortUnlessDone(transaction);
      signal?.addEventListener('abort', stopWriting, { once: true });
      const once = await writeOnce(context, transaction, checked, options);
      if (once.outcome !== 'skipped') await writeCarriedAttachments(transaction, checked.entries, carried, context.now());
      return once;
    });
  } catch (error) {
    throwIfAborted(OPERATION, signal);
    throw error;
  } finally {
    if (stopWriting !== undefined) signal?.removeEventListener('abort', stopWriting);
  }
  return reportWritten(context, written, [...warnings, ...checked.warnings, ...written.warnings]);
}

interface ReadInput { exported: Record<string, unknown>; warnings: Warning[]; carried: CarriedAttachment[] }

/**
 * Any accepted input as an export object and the attachments it carries, checked against their
 * ids. A Blob is a ZIP export when it starts with `PK\x03\x04` (its reader and fflate load only
 * then), else UTF-8 text read as a string is.
 */
async function readAnyInput(context: StoreContext, data: unknown, maxBytes: number): Promise<ReadInput> {
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    if (await isZip(data)) {
      const { exported, carried } = await (await import('./read-zip-export.js')).readZipExport(data, maxBytes);
      return { exported: toPlainJson(exported) as Record<string, unknown>, warnings: [], carried };
    }
    return readAnyInput(context, await blobText(data, maxBytes), maxBytes);
  }
  checkImportSize(data, maxBytes);
  const { exported, warnings } = readInput(context, data);
  return { exported, warnings, carried: await carriedFromSection(attachmentSection(exported, true)) };
}

async function isZip(blob: Blob): Promise<boolean> {
  const head = new Uint8Array(await blob.slice(0, 4).arrayBuffer());
  return head.length === 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

/** A Blob that is not a ZIP: its text, refused when empty, over `maxBytes` or not UTF-8 (then it is no export of any kind). */
async function blobText(blob: Blob, maxBytes: number): Promise<string> {
  if (blob.size === 0) throw invalidArchive('empty', 'The file is empty (0 bytes): pick the export file again.');
  if (blob.size > maxBytes) throw importTooLarge(maxBytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await blob.arrayBuffer());
  } catch (error) {
    throw invalidArchive('not_zip', 'The file is neither a ZIP export nor JSON or JSON Lines text: pick a file exported by convolog.', {}, error);
  }
}

/** The changes other views hear of, and the result: a skip changed nothing, a replace deleted the earlier copy. */
function reportWritten(context: StoreContext, written: WrittenOnce, warnings: Warning[]): ImportResult {
  const conversation = toConversation(written.record);
  if (written.outcome === 'skipped') return { conversation, warnings: [], outcome: 'skipped' };
  if (written.outcome === 'replaced') context.changes.publish({ type: 'conversation_deleted', conversationId: written.earlierId! });
  context.changes.publish({ type: 'conversation_created', conversationId: conversation.id, conversation });
  const result: ImportResult = { conversation, warnings, outcome: written.outcome };
  if (written.outcome === 'replaced') result.replacedId = written.earlierId!;
  if (written.outcome === 'duplicated') result.duplicateOf = written.earlierId!;
  return result;
}

/** The three accepted shapes, as an export object (a plain JSON copy) plus any reading warnings. */
function readInput(context: StoreContext, data: unknown): { exported: Record<string, unknown>; warnings: Warning[] } {
  if (typeof data === 'string' && isJsonlExport(data)) {
    const { data: exported, warnings } = parseJsonlExport(data);
    return { exported: toPlainJson(exported) as Record<string, unknown>, warnings };
  }
  const value = toPlainJson(typeof data === 'string' ? parseJson(data) : data);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConvologError({ code: 'invalid_history', message: 'An import is a conversation export, its JSON Lines text or a serialized history; this is none of them.' });
  }
  const record = value as Record<string, unknown>;
  if (record.format === CONVERSATION_FORMAT) return { exported: record, warnings: [] };
  return { exported: historyAsExport(context, record), warnings: [] };
}

function historyAsExport(context: StoreContext, history: Record<string, unknown>): Record<string, unknown> {
  const { messages } = parseHistory(history);
  const timestamp = context.now().toISOString();
  const id = context.generateId();
  return {
    format: CONVERSATION_FORMAT, formatVersion: CONVERSATION_FORMAT_VERSION, exportedAt: timestamp,
    conversation: { id, title: '', createdAt: timestamp, updatedAt: timestamp, headId: null },
    entries: linearEntries(context, id, timestamp, messages),
  };
}

/** A serialized history is linear: each message follows the one before it. */
function linearEntries(context: StoreContext, conversationId: string, timestamp: string, messages: readonly unknown[]): unknown[] {
  let parentId: string | null = null;
  return messages.map((message, index) => {
    const id = context.generateId();
    const entry = { type: 'message', id, conversationId, seq: index + 1, timestamp, parentId, message };
    parentId = id;
    return entry;
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConvologError({
      code: 'invalid_history',
      message: `The import is not valid JSON nor JSON Lines (${error instanceof Error ? error.message : String(error)}).`,
      cause: error,
    });
  }
}

function abortUnlessDone(transaction: Transaction<'readwrite'>): void {
  try {
    transaction.abort();
  } catch {
    // Already committed: the import stands, and the caller hears of it.
  }
}
