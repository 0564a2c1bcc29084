import type { ConversationExportV2 } from './conversation-export-v2.js';
import type { ImportWarning } from './import-warning.js';

/** One foreign conversation, converted: the export to import and what was left out of it. */
export interface ConvertedConversation {
  conversation: ConversationExportV2;
  warnings: ImportWarning[];
}
