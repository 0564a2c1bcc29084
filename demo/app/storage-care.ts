// Keeping the chats (DESIGN §20): the browser may evict a site's storage under pressure unless it
// is persistent, so the demo asks once, right after the first chat is saved (a moment the user
// has something to lose, and the answer is shown in Settings and the sidebar).
import type { ConvologStore } from '../../src/index.js';
import type { Notices } from '../shared/notices.js';
import { persistenceNotice } from './app-notices.js';

const ASKED_KEY = 'convolog-demo.persistence-asked';

/** Asks for persistent storage the first time a chat is saved in this browser; `refresh` shows the answer. */
export async function askPersistenceOnce(store: ConvologStore, notices: Notices, refresh: () => Promise<void>): Promise<void> {
  try {
    if (localStorage.getItem(ASKED_KEY) !== null) return;
    localStorage.setItem(ASKED_KEY, new Date().toISOString());
  } catch {
    return; // no localStorage (a privacy mode): the Settings button still asks
  }
  const { persisted } = await store.estimateStorage().catch(() => ({ persisted: undefined }));
  if (persisted !== true) notices.show(persistenceNotice(await store.requestPersistence().catch(() => false)));
  await refresh();
}
