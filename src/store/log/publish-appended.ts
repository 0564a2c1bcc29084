import type { Entry } from '../../core/entry.js';
import { toConversation } from '../conversations/to-conversation.js';
import type { StoreContext } from '../database/store-context.js';
import type { StoreChangeMessage } from '../types/store-change.js';
import type { Written } from './write-messages.js';

/**
 * Announces committed entries as `entries_appended`, with the conversation as it now is, so a UI
 * updates without reading again. Nothing when none were written (a settle with nothing pending).
 * @internal
 */
export function publishAppended(context: StoreContext, written: Written<Entry>): void {
  if (written.entries.length === 0) return;
  context.changes.publish(appendedChange(written));
}

/** The `entries_appended` change of what a transaction wrote. @internal */
export function appendedChange(written: Written<Entry>): Extract<StoreChangeMessage, { type: 'entries_appended' }> {
  return { type: 'entries_appended', conversationId: written.record.id, conversation: toConversation(written.record), entries: written.entries };
}
