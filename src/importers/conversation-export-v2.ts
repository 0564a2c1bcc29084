import type { MessageEntry } from '../core/entry.js';
import type { AppData } from '../core/message.js';

/** One entry of a {@link ConversationExportV2}: a message entry that names its parent. */
export type ImportedEntry = Omit<MessageEntry, 'parentId'> & {
  /** The entry this one follows: an earlier entry of the same export, or `null` for a root. */
  parentId: string | null;
};

/**
 * A conversation export in format version 2 (DESIGN §10): the log is a tree, each entry names its
 * parent and `conversation.headId` the branch the user was on. This is the shape the importers
 * produce and `store.importConversation` takes. It is declared here, structurally, because an
 * importer may import core only (never the store); it matches the store's own v2
 * `ConversationExport` field for field.
 */
export interface ConversationExportV2 {
  format: 'convolog.conversation';
  formatVersion: 2;
  /** UTC ISO timestamp: when the foreign app wrote the file, or the conversation's last update. */
  exportedAt: string;
  conversation: {
    id: string;
    title: string;
    createdAt: string;
    updatedAt: string;
    /** The entry the user last looked at; the store opens the newest leaf at or below it. */
    headId: string | null;
    appData?: AppData;
  };
  /** Parents before children; `seq` counts 1, 2, 3 … in this order. */
  entries: ImportedEntry[];
}
