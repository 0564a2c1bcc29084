// Which chat is open survives a reload: in the URL hash (per tab) and in localStorage (for a new tab).

const STORAGE_KEY = 'convolog-demo.open';

/** The id of the chat this tab had open, if any. */
export function openConversationId(): string | undefined {
  const fromHash = /^#\/?c\/([\w-]+)$/.exec(location.hash)?.[1];
  if (fromHash !== undefined) return fromHash;
  try {
    return localStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Records the open chat (or none) without adding a history entry. */
export function rememberOpenConversation(id: string | undefined): void {
  const hash = id === undefined ? '' : `#/c/${id}`;
  if (location.hash !== hash) history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
  try {
    if (id === undefined) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, id);
  } catch {
    // Storage disabled: the hash still works for this tab.
  }
}
