// What opening a search hit does: the chat opens on the branch that holds the message (checked
// out, so it is the branch the user continues from; the head stays where it is when the message
// is on its branch already), the message scrolls into view and is marked with a highlight that
// fades.
import type { ConvologStore } from '../../src/index.js';
import type { AppHost } from './app-host.js';
import { describeError } from '../shared/notices.js';
import type { SearchHit } from '../../src/index.js';

/** Marks the message a search opened; the mark moves to the next one opened. */
const TARGET_CLASS = 'is-search-target';

/** Opens the chat of `hit` at its message. */
export async function openSearchHit(app: AppHost, hit: SearchHit): Promise<void> {
  const busy = app.compacting !== undefined || app.turn?.conversationId === hit.conversationId;
  try {
    // While a reply streams or a compaction runs in that chat, its head must not move under it.
    if (!busy && !(await isOnHeadBranch(app.store, hit))) {
      const updated = await app.store.checkout(hit.conversationId, hit.entryId);
      if (app.open?.id === updated.id) app.open = updated;
    }
    if (app.open?.id !== hit.conversationId) await app.openConversation(hit.conversationId);
    else if (!busy) await app.transcript.syncHead();
    app.closeSidebarDrawer();
    const element = await app.transcript.reveal(hit.entryId, hit.seq);
    if (element === undefined) {
      app.notices.show({ tone: 'info', key: 'search', title: 'That message is on another branch of this chat; open it again when the reply being written is done.' });
      return;
    }
    markSearchTarget(element);
  } catch (error) {
    app.notices.show({ tone: 'error', key: 'search', title: 'Could not open that message.', details: [describeError(error)] });
  }
}

/** Whether the hit's entry is on the branch ending at the chat's head (then nothing to check out). */
async function isOnHeadBranch(store: ConvologStore, hit: SearchHit): Promise<boolean> {
  const around = await store.entries(hit.conversationId, { afterSeq: hit.seq - 1, beforeSeq: hit.seq + 1 });
  return around.some((entry) => entry.id === hit.entryId);
}

function markSearchTarget(element: HTMLElement): void {
  for (const previous of document.querySelectorAll(`.${TARGET_CLASS}`)) {
    previous.classList.remove(TARGET_CLASS);
    previous.removeAttribute('data-search-target');
  }
  // The attribute stays (tests and the next open read it); the class's highlight fades out by CSS.
  element.dataset.searchTarget = 'true';
  void element.offsetWidth; // restart the animation when the same message is opened twice
  element.classList.add(TARGET_CLASS);
}
