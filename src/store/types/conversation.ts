import type { AppData } from '../../core/message.js';

/** A conversation as the store shows it. Its messages live in the entry log. */
export interface Conversation {
  id: string;
  title: string;
  /** UTC ISO timestamps. `updatedAt` moves with activity (appends), not with renames. */
  createdAt: string;
  updatedAt: string;
  /** The seq of the last entry, 0 for an empty log. Pass it as `expectedLastSeq`. */
  lastSeq: number;
  /**
   * The current leaf: the last entry of the branch the user is on, which `entries`, `context` and
   * writes without `parentId` use. `null` while the log is empty. Persisted, so a reload shows the same branch.
   */
  headId: string | null;
  /** The application's own data, such as what rebuilds its system prompt. */
  appData?: AppData;
}
