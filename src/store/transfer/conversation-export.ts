import type { Entry } from '../../core/entry.js';
import type { AppData } from '../../core/message.js';

/** The format tag of a {@link ConversationExport}. */
export const CONVERSATION_FORMAT = 'convolog.conversation';
/**
 * The export format version this build writes (and the newest it imports). 2 (0.2): the log is a
 * tree, with `conversation.headId` and each entry's `parentId`; version 1 (a linear log) still imports.
 */
export const CONVERSATION_FORMAT_VERSION = 2;

/** One conversation with its whole log, as plain JSON: what `exportConversation` gives and `importConversation` takes. */
export interface ConversationExport {
  format: typeof CONVERSATION_FORMAT;
  formatVersion: typeof CONVERSATION_FORMAT_VERSION;
  /** UTC ISO timestamp of the export. */
  exportedAt: string;
  /** `headId`: the leaf of the branch the user was on (`null` for an empty log). */
  conversation: { id: string; title: string; createdAt: string; updatedAt: string; headId: string | null; appData?: AppData };
  entries: Entry[];
}
