import { ConvologError, isConvologError } from '../core/error.js';
import { appendAll } from './append-all.js';
import { ArchiveFiles } from './archive-files.js';
import { carryFiles } from './carry-files.js';
import type { ForeignExportFormat } from './export-format.js';
import type { ExportArchive, ImportTarget } from './export-archive.js';
import type { ImportWarning } from './import-warning.js';
import { iterateConverted } from './iterate-export.js';
import { startsWithArray } from './json-array-scanner.js';
import { describeConversation } from './warning-collector.js';

/** Options of {@link importChatGPTZip} and {@link importClaudeZip}. */
export interface ZipImportOptions {
  /** After each conversation: its position in its JSON file, how many that file holds, and the file. */
  onProgress?: (progress: { index: number; total: number; file: string }) => void;
  /** Stops between conversations (and inside an import): each conversation is in the store whole or not at all. */
  signal?: AbortSignal;
  /** `maxBytes` of each `store.importConversation`: one conversation with its files' bytes. Default the store's (64 MiB). */
  maxBytes?: number;
  /** A conversation imported before: see `ImportOptions.onReimport` (default `'skip'`). */
  onReimport?: 'skip' | 'replace' | 'duplicate';
}

/** One conversation of the archive as it went into the store. */
export interface ZipImportedConversation {
  /** The id in the store. */
  conversationId: string;
  title: string;
  outcome: 'created' | 'skipped' | 'replaced' | 'duplicated';
  /** How many distinct files came along as attachments. */
  files: number;
}

/** What {@link importChatGPTZip} and {@link importClaudeZip} return. */
export interface ZipImportResult {
  /** Each conversation imported (or skipped as imported before), in the order of the export. */
  conversations: ZipImportedConversation[];
  /** What was left out and why, each naming its conversation: files the ZIP lacks, skipped conversations. */
  warnings: ImportWarning[];
}

const CONVERSATION_FILE = /(^|\/)conversations(-\d+)?\.json$/;

/** Imports every conversation of a foreign export's archive, one at a time. @internal */
export async function importExportZip(store: ImportTarget, archive: ExportArchive, format: ForeignExportFormat, options: ZipImportOptions): Promise<ZipImportResult> {
  const names = archive.names.filter((name) => CONVERSATION_FILE.test(name)).sort();
  if (names.length === 0) {
    throw new ConvologError({
      code: 'invalid_archive', details: { reason: 'missing_entry', entry: 'conversations.json' },
      message: `The ZIP holds no conversations.json: it is not a ${format === 'chatgpt' ? 'ChatGPT' : 'Claude'} data export. Nothing was imported.`,
    });
  }
  const files = new ArchiveFiles(archive);
  const result: ZipImportResult = { conversations: [], warnings: [] };
  for (const name of names) await importFile(name);
  return result;

  async function importFile(name: string): Promise<void> {
    checkAborted(options.signal);
    const text = await archive.readText(name);
    if (!startsWithArray(text)) {
      throw new ConvologError({ code: 'invalid_history', path: [], details: { entry: name }, message: `The ${name} of the ZIP is not a JSON array of conversations: it is not a data export.` });
    }
    for (const item of iterateConverted(text, format, format === 'chatgpt')) {
      checkAborted(options.signal);
      appendAll(result.warnings, item.warnings);
      if (item.conversation !== undefined) {
        const { exported, warnings, files: count } = await carryFiles(item.conversation, archive, files);
        const imported = await importOne(store, exported, options, item.index, item.conversation.conversation);
        if (imported === undefined) appendAll(result.warnings, warnings);
        else if ('code' in imported) result.warnings.push(imported);
        else {
          appendAll(result.warnings, warnings);
          result.conversations.push({ ...imported, files: count });
        }
      }
      options.onProgress?.({ index: item.index, total: item.total, file: name });
    }
  }
}

/** One conversation into the store; a refusal of this one conversation becomes a `skipped_conversation` warning. */
async function importOne(
  store: ImportTarget, exported: Record<string, unknown> | Blob, options: ZipImportOptions, index: number, source: { id: string; title: string },
): Promise<Omit<ZipImportedConversation, 'files'> | ImportWarning | undefined> {
  try {
    const { conversation, outcome } = await store.importConversation(exported, {
      signal: options.signal, onReimport: options.onReimport ?? 'skip', ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
    });
    return { conversationId: conversation.id, title: conversation.title, outcome };
  } catch (error) {
    // The store's own trouble (quota, a closed store, an abort) stops the import; a conversation it refuses is skipped.
    if (!isConvologError(error) || !['pairing', 'invalid_history', 'too_large', 'attachment_mismatch', 'invalid_message'].includes(error.code)) throw error;
    return {
      code: 'skipped_conversation', messageIndex: index, conversationId: source.id, conversationTitle: source.title,
      message: `Skipped ${describeConversation(source.id, source.title)}: ${error.message} The other conversations were kept.`,
    };
  }
}

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted !== true) return;
  throw new ConvologError({ code: 'aborted', message: 'The ZIP import was aborted: the conversations imported so far are kept, each whole.' });
}
