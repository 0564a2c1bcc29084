// How the app follows changes to the store, whether this tab made them or another one did:
// the open chat stays current (on the branch its head is on), and a chat deleted elsewhere is
// closed here too.
import type { OpenReport, StoreChange } from '../../src/index.js';
import type { AppHost } from './app-host.js';

/** Updates the open chat for `change`; returns whether the list and storage estimate may be stale. */
export function applyStoreChange(app: AppHost, change: StoreChange): boolean {
  switch (change.type) {
    case 'entries_appended':
      // The transcript shows the head's path: entries that moved the head join it, others
      // (written below another leaf without moving the head) only make it check where the head is.
      if (change.conversation.headId === change.entries.at(-1)?.id) app.transcript.addEntries(change.conversationId, change.entries);
      if (change.conversationId === app.open?.id) {
        app.open = change.conversation;
        app.header.setConversation(change.conversation);
        app.transcript.followHead(change.conversation.headId);
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
        // A checkout here or in another tab: show the branch the head is on now.
        app.transcript.followHead(change.conversation.headId);
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
    case 'database_reset':
      app.notices.show({ tone: change.report.restored === undefined ? 'error' : 'warning', key: 'reset', title: resetNotice(change.report), timeout: 0 });
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

/** What the user reads when the browser threw the database away (DESIGN §21). */
export function resetNotice(report: OpenReport): string {
  if (report.restored === undefined) return 'Your browser reset its storage and convolog had no journal to restore from: earlier chats are gone.';
  const chats = report.restored.conversations;
  const lost = report.issues.filter((issue) => issue.code === 'conversation_not_restored');
  const restored = `Your browser reset its storage; convolog restored ${chats} ${chats === 1 ? 'chat' : 'chats'} from its journal.`;
  if (lost.length === 0) return restored;
  const names = lost.map((issue) => `"${issue.title ?? issue.conversationId ?? '?'}"${issue.dropped === undefined ? '' : ` (${issue.dropped} messages missing)`}`);
  return `${restored} Not restored whole: ${names.join(', ')}.`;
}
