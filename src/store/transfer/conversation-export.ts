import type { Entry } from '../../core/entry.js';
import type { AppData } from '../../core/message.js';

/** The format tag of a {@link ConversationExport}. */
export const CONVERSATION_FORMAT = 'convolog.conversation';
/** The export format version this build writes (and the newest it imports). */
export const CONVERSATION_FORMAT_VERSION = 1;

/** One conversation with its whole log, as plain JSON: what `exportConversation` gives and `importConversation` takes. */
export interface ConversationExport {
  format: typeof CONVERSATION_FORMAT;
  formatVersion: typeof CONVERSATION_FORMAT_VERSION;
  /** UTC ISO timestamp of the export. */
  exportedAt: string;
  conversation: { id: string; title: string; createdAt: string; updatedAt: string; appData?: AppData };
  entries: Entry[];
}
