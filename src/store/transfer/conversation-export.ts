import type { Entry } from '../../core/entry.js';
import type { AppData } from '../../core/message.js';

/** The format tag of a {@link ConversationExport}. */
export const CONVERSATION_FORMAT = 'convolog.conversation';
/**
 * The export format version this build writes (and the newest it imports). 3: the attachments
 * the entries reference travel with them (`attachments`; in a ZIP export, as files). 2 (0.2): the
 * log is a tree, with `conversation.headId` and each entry's `parentId`. Versions 1 (a linear log)
 * and 2 still import.
 */
export const CONVERSATION_FORMAT_VERSION = 3;

/**
 * One attachment an export carries: its metadata, and in JSON and JSON Lines its bytes as
 * standard base64 (`data`). In a ZIP export `data` is absent and the bytes are the file
 * `attachments/<id>`. On import the bytes must hash (SHA-256) to `id`.
 */
export interface ExportedAttachment {
  id: string;
  mediaType: string;
  size: number;
  filename?: string;
  data?: string;
}

/** One conversation with its whole log, as plain JSON: what `exportConversation` gives and `importConversation` takes. */
export interface ConversationExport {
  format: typeof CONVERSATION_FORMAT;
  /** 3 from `exportConversation`; 2 (the same shape without `attachments`, as `convolog/importers` write) imports as well. */
  formatVersion: 2 | typeof CONVERSATION_FORMAT_VERSION;
  /** UTC ISO timestamp of the export. */
  exportedAt: string;
  /** `headId`: the leaf of the branch the user was on (`null` for an empty log). */
  conversation: { id: string; title: string; createdAt: string; updatedAt: string; headId: string | null; appData?: AppData };
  entries: Entry[];
  /**
   * Each attachment the entries reference, once (absent when they reference none, or when
   * exported with `{ attachments: 'omit' }`: then the entries keep references only).
   */
  attachments?: ExportedAttachment[];
}

/** Options of `store.exportConversation` and `store.exportConversationJsonl`. */
export interface ExportOptions {
  /**
   * `'include'` (default): the bytes of every attachment the entries reference travel in the
   * export's `attachments` section (base64), so the export alone restores the pictures and files
   * anywhere. `'omit'`: references only (smaller; the bytes stay in this store).
   */
  attachments?: 'include' | 'omit';
}

/** Options of `store.exportConversation` for the ZIP form. */
export interface ZipExportOptions {
  /** A ZIP `Blob`: `conversation.json` (the export, attachments' metadata only) and each attachment's bytes once as `attachments/<id>`. */
  format: 'zip';
}
