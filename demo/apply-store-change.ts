// How the app follows changes to the store, whether this tab made them or another one did:
// the open chat stays current, and a chat deleted elsewhere is closed here too.
import type { StoreChange } from '../src/index.js';
import type { AppHost } from './app-host.js';

/** Updates the open chat for `change`; returns whether the list and storage estimate may be stale. */
export function applyStoreChange(app: AppHost, change: StoreChange): boolean {
  switch (change.type) {
    case 'entries_appended':
      // Entries synced from another device onto a branch the user is not on leave the head (and the view) where it was.
      if (!isOffTheHead(app, change)) app.transcript.addEntries(change.conversationId, change.entries);
      if (change.conversationId === app.open?.id) {
        app.open = change.conversation;
        app.header.setConversation(change.conversation);
        if (change.origin === 'other_tab') {
          app.updateInterrupted();
          app.scheduleContextEstimate();
        }
      }
      return true;
    case 'conversation_created':
    case 'conversation_updated':
      if (change.conversationId === app.open?.id) {
        app.open = change.conversation;
        app.header.setConversation(change.conversation);
      }
      return true;
    case 'conversation_deleted':
      if (change.conversationId === app.open?.id) {
        if (app.turn?.conversationId === change.conversationId) app.turn.controller.abort();
        void app.openConversation(undefined);
        if (change.origin === 'other_tab') app.notices.show({ tone: 'info', title: 'This chat was deleted in another tab.' });
      }
      return true;
    case 'cleared':
      app.turn?.controller.abort();
      void app.openConversation(undefined);
      if (change.origin === 'other_tab') app.notices.show({ tone: 'info', title: 'All chats were deleted in another tab.' });
      return true;
    case 'closed':
      if (change.reason !== 'closed') {
        app.notices.show({
          tone: 'error', key: 'closed',
          title: change.reason === 'version_change'
            ? 'A newer version of this app opened in another tab and upgraded the storage. Reload this tab to continue.'
            : 'The browser closed the storage connection. Reload this tab to continue.',
          action: { label: 'Reload', run: () => location.reload() },
        });
      }
      return false;
  }
}

/** Whether appended entries went to another branch: the open chat's head did not move and is not among them. */
function isOffTheHead(app: AppHost, change: Extract<StoreChange, { type: 'entries_appended' }>): boolean {
  if (change.conversationId !== app.open?.id) return false;
  const head = change.conversation.headId;
  return head === app.open.headId && !change.entries.some((entry) => entry.id === head);
}
