// What the app does to the set of chats: create one, rename the open one, delete it, delete
// them all. Each reports a failure as a notice and leaves the chats as they were; the sidebar
// and the open chat follow through AppHost.
import type { AppHost } from './app-host.js';
import { NEW_CHAT_TITLE } from '../chat-list/chat-title.js';
import { describeError } from '../shared/notices.js';

/** Creates an empty chat and opens it. */
export async function newChat(app: AppHost): Promise<void> {
  // Until the new chat is open, a message sent now would land in the previous one.
  app.composer.setBlocked('Creating a chat…');
  try {
    const conversation = await app.store.createConversation({ title: NEW_CHAT_TITLE });
    app.conversations = [conversation, ...app.conversations.filter((item) => item.id !== conversation.id)];
    await app.openConversation(conversation.id);
    app.composer.focus();
  } catch (error) {
    app.notices.show({ tone: 'error', title: 'Could not create a chat.', details: [describeError(error)] });
  } finally {
    app.updateComposerState();
  }
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

/** Deletes the open chat once the user confirms, stopping its reply if one is being written, and opens the next one. */
export async function deleteOpenChat(app: AppHost): Promise<void> {
  const conversation = app.open;
  if (conversation === undefined) return;
  const title = conversation.title.trim() || 'Untitled chat';
  if (!window.confirm(`Delete "${title}" and all of its messages from this browser? This cannot be undone.`)) return;
  if (app.turn?.conversationId === conversation.id) app.turn.controller.abort();
  try {
    await app.store.deleteConversation(conversation.id);
    app.conversations = app.conversations.filter((item) => item.id !== conversation.id);
    await app.openConversation(app.conversations[0]?.id);
    app.notices.show({ tone: 'success', title: `Deleted "${title}".` });
  } catch (error) {
    app.notices.show({ tone: 'error', title: 'Could not delete the chat.', details: [describeError(error)] });
  }
}

/** Deletes every chat (the user confirmed in `settings`, which closes once they are gone). */
export async function deleteAllChats(app: AppHost, settings: HTMLDialogElement): Promise<void> {
  app.turn?.controller.abort();
  try {
    await app.store.clear();
    app.conversations = [];
    await app.openConversation(undefined);
    settings.close();
    app.notices.show({ tone: 'success', title: 'Every chat was deleted from this browser.' });
  } catch (error) {
    app.notices.show({ tone: 'error', title: 'Could not delete the data.', details: [describeError(error)] });
  }
}
