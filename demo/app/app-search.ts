// The app's search box: the store's search, the chats' titles and opening a hit, wired to the
// open app through AppHost.
import type { AppHost } from './app-host.js';
import { SearchBox } from '../chat-list/search-box.js';
import { openSearchHit } from './open-search-hit.js';
import { hitVersions } from './hit-versions.js';

/** The search box of `app`; `onActiveChange` swaps the sidebar's chat list for the results. */
export function appSearchBox(app: AppHost, onActiveChange: (active: boolean) => void): SearchBox {
  const box = new SearchBox({
    // A chat deleted with Undo still offered is hidden from the search too.
    search: async (query, options) => {
      const result = await app.store.search(query, options);
      return { ...result, hits: app.pendingDeletes.visible(result.hits) };
    },
    titles: (ids) => titlesOf(app, ids),
    versions: (hits) => hitVersions(app.store, hits),
    onOpen: (hit) => void openSearchHit(app, hit),
    onActiveChange,
    indexStatus: () => app.store.searchIndexStatus(),
  });
  // Any write, here or in another tab (an import), and once now (an upgrade's rebuild): show the index catching up.
  app.store.subscribe(() => box.progress.watch());
  box.progress.watch();
  return box;
}

/** The titles of `ids`: from the pages in memory, else read (a chat not in the sidebar's pages). */
async function titlesOf(app: AppHost, ids: readonly string[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (const id of ids) {
    const title = app.conversations.find((conversation) => conversation.id === id)?.title
      ?? (await app.store.getConversation(id).catch(() => undefined))?.title;
    if (title !== undefined) titles.set(id, title);
  }
  return titles;
}
