import { appendAll } from './append-all.js';
import type { ConversationExportV2 } from './conversation-export-v2.js';
import type { ExportArchive, ImportTarget } from './export-archive.js';
import type { ForeignExportFormat } from './export-format.js';
import type { ImportWarning } from './import-warning.js';
import { importExportZip, type ZipImportOptions, type ZipImportResult } from './import-export-zip.js';
import { iterateExport } from './iterate-export.js';

/** What a `from…Export` function returns: every conversation it could carry, and what it left out. */
export interface ForeignImportResult {
  /** v2 exports, one per conversation, for `store.importConversation` (untrusted, as every import). */
  conversations: ConversationExportV2[];
  /** What was left out and why, each naming its conversation; `skipped_conversation` for one that was malformed. */
  warnings: ImportWarning[];
}

function collect(data: unknown, format: ForeignExportFormat): ForeignImportResult {
  const conversations: ConversationExportV2[] = [];
  const warnings: ImportWarning[] = [];
  for (const item of iterateExport(data, format)) {
    if (item.conversation !== undefined) conversations.push(item.conversation);
    appendAll(warnings, item.warnings);
  }
  return { conversations, warnings };
}

/**
 * ChatGPT's `conversations.json` (from Settings → Data controls → Export) → v2 conversation exports.
 * Every branch of each `mapping` tree is kept and `current_node` becomes the head; hidden system
 * nodes and the empty root are skipped; ChatGPT's built-in tools (browsing, code execution, image
 * generation, memory) become no unpaired tool results: code and its output are kept as text, the
 * rest is left out, each with a warning. For a large file, {@link iterateExport} holds less.
 *
 * @example
 * const { conversations, warnings } = fromChatGPTExport(await file.text());
 * for (const conversation of conversations) await store.importConversation(conversation);
 */
export function fromChatGPTExport(data: unknown): ForeignImportResult {
  return collect(data, 'chatgpt');
}

/**
 * claude.ai's `conversations.json` (Settings → Privacy → Export data) → v2 conversation exports.
 * Branches are rebuilt from `parent_message_uuid` where the export has it (else the messages form
 * one line); thinking becomes reasoning; claude.ai's own tool_use / tool_result blocks and files held
 * by reference are left out with a warning; pasted attachments come along as text.
 *
 * @example
 * const { conversations } = fromClaudeExport(text);
 */
export function fromClaudeExport(data: unknown): ForeignImportResult {
  return collect(data, 'claude');
}

/**
 * An Open WebUI chat export (one chat or "Export All Chats") → v2 conversation exports. The
 * `history.messages` tree keeps every branch and `currentId` becomes the head; `<details
 * type="reasoning">` becomes reasoning; tool sections Open WebUI ran are left out with a warning;
 * images sent as data: URLs come along.
 *
 * @example
 * const { conversations } = fromOpenWebUIExport(text);
 */
export function fromOpenWebUIExport(data: unknown): ForeignImportResult {
  return collect(data, 'open_webui');
}

/**
 * ChatGPT's data export ZIP (Settings → Data controls → Export) into the store, one conversation
 * at a time: `conversations.json` (or its `conversations-NNN.json` shards) is converted as
 * {@link fromChatGPTExport} does, and each image or file a message points to (`asset_pointer`
 * `file-service://file-…` or `sediment://file_…`, uploads in `metadata.attachments`, DALL·E
 * images) is read from the ZIP and comes in as an attachment, in the same transaction as its
 * conversation: each conversation is in the store whole or not at all. A pointer whose file the
 * ZIP lacks is a `dropped_block` warning naming it. The archive comes from `openZipArchive`
 * (`convolog`), which reads entries only when asked and caps what they inflate to (`too_large`).
 * Refuses (`invalid_archive`) a ZIP without `conversations.json`, and (`invalid_history`) one
 * whose `conversations.json` is not an array, before anything is imported.
 *
 * @example
 * const archive = await openZipArchive(file)
 * const { conversations, warnings } = await importChatGPTZip(store, archive, {
 *   onProgress: ({ index, total }) => (bar.value = (index + 1) / total),
 * })
 */
export function importChatGPTZip(store: ImportTarget, archive: ExportArchive, options: ZipImportOptions = {}): Promise<ZipImportResult> {
  return importExportZip(store, archive, 'chatgpt', options);
}

/**
 * claude.ai's data export ZIP into the store, one conversation at a time, as
 * {@link fromClaudeExport} converts it. claude.ai's export holds no files' bytes (only their names,
 * in `files`): each stays a warning naming it. Same archive, options and guarantees as
 * {@link importChatGPTZip}.
 *
 * @example
 * const { conversations } = await importClaudeZip(store, await openZipArchive(file))
 */
export function importClaudeZip(store: ImportTarget, archive: ExportArchive, options: ZipImportOptions = {}): Promise<ZipImportResult> {
  return importExportZip(store, archive, 'claude', options);
}
