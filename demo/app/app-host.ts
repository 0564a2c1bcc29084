// The seam between the app shell and the actions split out of it: the actions read and change
// the open chat's state through this interface instead of reaching into the class.
import type { Conversation, ConvologStore } from '../../src/index.js';
import type { ChatHeader } from '../transcript/chat-header.js';
import type { ChatModel } from '../model/chat-model.js';
import type { ContextBudget } from './compaction.js';
import type { Composer } from '../composer/composer.js';
import type { ImportDialog } from '../dialogs/import-dialog.js';
import type { Notices } from '../shared/notices.js';
import type { Pace } from '../model/settings.js';
import type { PendingDeletes } from './pending-deletes.js';
import type { Transcript } from '../transcript/transcript.js';

/** A turn of this tab; `conversationId` is undefined while its chat is being created. */
export interface ActiveTurn { conversationId: string | undefined; controller: AbortController }

/** The views, store and open-chat state the app's actions share. */
export interface AppHost {
  readonly store: ConvologStore;
  readonly header: ChatHeader;
  readonly transcript: Transcript;
  readonly composer: Composer;
  readonly notices: Notices;
  /** The progress and summary dialog of an import of another app's export. */
  readonly importDialog: ImportDialog;
  readonly interruptedBanner: HTMLElement;
  readonly pace: Pace;
  /** Chats deleted with Undo still offered: hidden, deleted from the store when the window ends. */
  readonly pendingDeletes: PendingDeletes;
  /** How long Undo is offered after a delete, in milliseconds. */
  readonly undoWindowMs: number;
  /** The chats in the sidebar, most recent first. */
  conversations: Conversation[];
  /** The chat shown, if any. */
  open: Conversation | undefined;
  /** The turn running in this tab, if any (at most one, in any chat). */
  turn: ActiveTurn | undefined;
  /** The compaction running in this tab, if any. */
  compacting: AbortController | undefined;
  /** The model replies come from, per the current settings. */
  model(): ChatModel;
  /** The model's context window and the auto-compact threshold, per the current settings. */
  contextBudget(): ContextBudget;
  /** Shows `id` (or the empty state) and loads its last page. */
  openConversation(id: string | undefined): Promise<void>;
  /** Closes the phone's sidebar drawer (a search hit was opened from it). */
  closeSidebarDrawer(): void;
  /** Compacts the open chat (offered by notices as an action). */
  compact(): Promise<void>;
  /** Enables or blocks the composer for the turn state of the open chat. */
  updateComposerState(): void;
  /** Shows the interrupted banner when the open chat ends in an unanswered tool window. */
  updateInterrupted(): void;
  /** Re-reads the sidebar's list soon. */
  scheduleListRefresh(): void;
  /** Chats were hidden or shown again (a delete, its Undo): the list and the search follow. */
  chatsHiddenChanged(): void;
  /** Re-reads the storage estimate after `delay` milliseconds. */
  scheduleStorageRefresh(delay?: number): void;
  /** Re-estimates the open chat's context tokens after `delay` milliseconds. */
  scheduleContextEstimate(delay?: number): void;
}
