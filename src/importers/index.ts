// convolog/importers: pure conversions of other chat apps' export files into convolog conversation
// exports (format version 2), for store.importConversation; and the ZIP importers, which read an
// archive (openZipArchive) and write through store.importConversation. Imports core only.
export { detectExportFormat } from './detect-export-format.js';
// Where an imported conversation came from: public here, beside the importers that write it (core's size budget is tight).
export { IMPORTED_FROM_KEY, importedFrom, type ImportedFrom } from '../core/imported-from.js';
export {
  fromChatGPTExport, fromClaudeExport, fromOpenWebUIExport, importChatGPTZip, importClaudeZip, type ForeignImportResult,
} from './from-export.js';
export type { ZipImportOptions, ZipImportResult, ZipImportedConversation } from './import-export-zip.js';
export type { ExportArchive, ImportTarget } from './export-archive.js';
export { iterateExport, type ConvertedExportItem } from './iterate-export.js';
export type { ExportFormat, ForeignExportFormat } from './export-format.js';
export type { ConversationExportV2, ImportedEntry } from './conversation-export-v2.js';
export type { ImportWarning } from './import-warning.js';
