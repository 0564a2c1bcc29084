import type { JournalBackend } from './journal-storage.js';
import { localStorageBackend } from './local-storage-backend.js';
import { hasOpfs, opfsBackend } from './opfs-backend.js';

/**
 * Where this engine can keep the marker and the journal: OPFS where it has it, `localStorage` for the marker alone
 * where nothing better exists, `undefined` where there is neither (Node, workers without OPFS).
 * @internal
 */
export function defaultJournalBackend(): JournalBackend | undefined {
  if (hasOpfs()) return opfsBackend;
  try {
    if (typeof localStorage !== 'undefined' && localStorage !== null) return localStorageBackend(localStorage);
  } catch {
    // Reading `localStorage` itself throws where storage is blocked for the page.
  }
  return undefined;
}
