// What the app does to the set of chats: create one, rename the open one, delete it, delete
// them all. Each reports a failure as a notice and leaves the chats as they were; the sidebar
// and the open chat follow through AppHost.
import type { AppHost } from './app-host.js';
import { describeError } from '../shared/notices.js';

/**
 * Opens a draft: the empty chat pane, with nothing stored. The chat is created by the first
 * message sent (sendTurn creates it when no chat is open), so clicking New chat four times
 * leaves no four empty chats behind.
 */
export async function newChat(app: AppHost): Promise<void> {
  // A chat is being created by a message sent from the draft: it opens by itself in a moment.
  if (app.turn !== undefined && app.turn.conversationId === undefined) return;
  await app.openConversation(undefined);
  app.composer.focus();
}

/** Gives the open chat `title`. */
export async function renameOpenChat(app: AppHost, title: string): Promise<void> {
  const conversation = app.open;
  if (conversation === undefined) return;
  try {
    app.open = await app.store.updateConversation(conversation.id, { title });
    app.header.setConversation(app.open);
    app.scheduleListRefresh();
  } catch (error) {
    app.notices.show({ tone: 'error', title: 'Could not rename the chat.', details: [describeError(error)] });
  }
}

/**
 * Deletes the open chat with an Undo window: it disappears at once (its reply, if one is being
 * written, stops and keeps what it wrote), the next chat opens, and the store's delete runs when
 * the window ends. Undo shows it again and reopens it.
 */
export async function deleteOpenChat(app: AppHost): Promise<void> {
  const conversation = app.open;
  if (conversation === undefined) return;
  const title = conversation.title.trim() || 'Untitled chat';
  if (app.turn?.conversationId === conversation.id) app.turn.controller.abort();
  await deleteChatsLater(app, [conversation.id], `"${title}"`, conversation.id,
    async () => void await app.store.deleteConversation(conversation.id));
}

/**
 * Deletes every chat there is now, with the same Undo window (`settings` closes at once). When
 * the window ends, the store is cleared if no chat was added meanwhile; otherwise only the chats
 * of the click are deleted, so a chat started during the window survives.
 */
export async function deleteAllChats(app: AppHost, settings: HTMLDialogElement): Promise<void> {
  let ids: string[];
  try {
    ids = await allConversationIds(app);
  } catch (error) {
    app.notices.show({ tone: 'error', title: 'Could not delete the data.', details: [describeError(error)] });
    return;
  }
  app.turn?.controller.abort();
  settings.close();
  await deleteChatsLater(app, ids, 'every chat', app.open?.id, async () => {
    const now = await allConversationIds(app);
    const deleting = new Set(ids);
    if (now.every((id) => deleting.has(id))) await app.store.clear();
    else for (const id of ids) await app.store.deleteConversation(id);
  });
}

/**
 * Hides `ids` at once, opens the first chat still shown, offers Undo (which shows them again and
 * reopens `reopen`), and runs `run` (the store's delete) when the Undo window ends.
 */
export async function deleteChatsLater(app: AppHost, ids: string[], label: string, reopen: string | undefined, run: () => Promise<void>): Promise<void> {
  const undo = app.pendingDeletes.schedule(ids, label, async () => {
    try {
      await run();
    } catch (error) {
      app.chatsHiddenChanged();
      app.notices.show({ tone: 'error', title: `Could not delete ${label}; it is shown again.`, details: [describeError(error)] });
    }
  }, app.undoWindowMs);
  app.conversations = app.pendingDeletes.visible(app.conversations);
  app.chatsHiddenChanged();
  // The notice comes once the next chat shows, so it is never read over the deleted one.
  await app.openConversation(app.conversations[0]?.id);
  app.notices.show({
    tone: 'info', key: 'deleted', timeout: app.undoWindowMs,
    title: label === 'every chat' ? 'Every chat was deleted from this browser.' : `Deleted ${label}.`,
    action: {
      label: 'Undo',
      run: () => {
        if (!undo()) return;
        app.chatsHiddenChanged();
        if (reopen !== undefined) void app.openConversation(reopen);
      },
    },
  });
}

async function allConversationIds(app: AppHost): Promise<string[]> {
  const ids: string[] = [];
  for (let page = await app.store.listConversations({ limit: 500 }); page.length > 0;) {
    ids.push(...page.map((conversation) => conversation.id));
    const last = page.at(-1)!;
    page = page.length < 500 ? [] : await app.store.listConversations({ limit: 500, startAfter: last });
  }
  return ids;
}
