import type { Entry } from '../../core/entry.js';
import type { Conversation } from './conversation.js';
import type { OpenReport } from './open-report.js';

/** Where a change was made: this store instance, or another one (usually another tab). */
export type ChangeOrigin = 'this_tab' | 'other_tab';

/** Why a store stopped: `close()`, a newer version opened elsewhere, or the browser dropped the connection. */
export type ClosedReason = 'closed' | 'version_change' | 'terminated';

/**
 * A change to the store, delivered after its transaction committed. Each carries what a UI needs
 * to update without reading again.
 */
export type StoreChange =
  | { type: 'conversation_created' | 'conversation_updated'; conversationId: string; conversation: Conversation; origin: ChangeOrigin }
  | { type: 'conversation_deleted'; conversationId: string; origin: ChangeOrigin }
  | { type: 'entries_appended'; conversationId: string; conversation: Conversation; entries: Entry[]; origin: ChangeOrigin }
  | { type: 'cleared'; origin: ChangeOrigin }
  /**
   * The browser had thrown the database away and `openStore` found it empty (DESIGN §21); `report`
   * says what the journal restored. A listener hears it on subscribing to the store that found it.
   */
  | { type: 'database_reset'; report: OpenReport; origin: ChangeOrigin }
  | { type: 'closed'; reason: ClosedReason };

/** A change as it travels between instances: the receiver sets `origin`. @internal */
export type StoreChangeMessage =
  | Omit<Extract<StoreChange, { type: 'conversation_created' | 'conversation_updated' }>, 'origin'>
  | Omit<Extract<StoreChange, { type: 'conversation_deleted' }>, 'origin'>
  | Omit<Extract<StoreChange, { type: 'entries_appended' }>, 'origin'>
  | Omit<Extract<StoreChange, { type: 'cleared' }>, 'origin'>
  | Omit<Extract<StoreChange, { type: 'database_reset' }>, 'origin'>;
