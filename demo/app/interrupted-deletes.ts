// A reload during a delete's Undo window keeps the chat (see pending-deletes.ts); the reloaded
// tab says so, once, and offers to finish the delete.
import type { AppHost } from './app-host.js';
import type { InterruptedDelete } from './pending-deletes.js';
import { deleteChatsLater } from './chat-list-actions.js';

/** Tells the user about each delete the previous page of this tab left unfinished. */
export async function showInterruptedDeletes(app: AppHost, interrupted: readonly InterruptedDelete[]): Promise<void> {
  for (const pending of interrupted) {
    const kept = await stillThere(app, pending.ids);
    if (kept.length === 0) continue; // the delete finished before the page went away
    const single = kept.length === 1 && pending.ids.length === 1;
    app.notices.show({
      tone: 'warning', key: `kept-${kept[0]}`,
      title: single
        ? `The page reloaded before ${pending.label} was deleted, so it was kept.`
        : `The page reloaded before ${pending.label} ${pending.label === 'every chat' ? 'was' : 'were'} deleted, so ${kept.length === 1 ? 'one chat was' : `${kept.length} chats were`} kept.`,
      action: {
        label: 'Delete now',
        run: () => deleteKept(app, kept, pending.label),
      },
    });
  }
}

async function stillThere(app: AppHost, ids: readonly string[]): Promise<string[]> {
  const found = await Promise.all(ids.map((id) => app.store.getConversation(id).catch(() => undefined)));
  return found.flatMap((conversation) => conversation === undefined ? [] : [conversation.id]);
}

function deleteKept(app: AppHost, ids: string[], label: string): void {
  void deleteChatsLater(app, ids, label, ids.length === 1 ? ids[0] : app.open?.id, async () => {
    for (const id of ids) await app.store.deleteConversation(id);
  });
}
