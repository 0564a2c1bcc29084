// A sync error in words for a person: one sentence on what happened and what to do, said once
// ("Sync failed" is the library's prefix already), without the document ids and request paths
// the library's message carries for developers. Those technical facts (the HTTP status and the
// server's own error and reason) go in a folded "Details" list.
import { isConvologError } from '../../src/index.js';

/** A sync error as the settings panel shows it. */
export interface SyncErrorText { summary: string; details: string[] }

/** What `status` (absent: no answer at all) means to the person syncing. */
function sentenceFor(status: number | undefined): string {
  if (status === undefined) return 'Sync failed: the sync server did not answer. Check the network and the database URL.';
  if (status === 401) return 'Sync failed: the server did not accept the user name or password.';
  if (status === 403) return 'Sync failed: this user may not read or write that database.';
  if (status === 404) return 'Sync failed: there is no database at that URL. Create it on the server, or check the URL.';
  if (status === 409) return 'Sync failed: another device or tab uses this browser\'s sync identity at the same time. Sync again in a moment.';
  if (status === 413) return 'Sync failed: the server refused a batch as too large.';
  if (status >= 500) return 'Sync failed: the server had a problem. Try again later.';
  return `Sync failed: the server refused the request (HTTP ${status}).`;
}

/** `error` (thrown by a sync, or heard as its error event) as a sentence and its details. */
export function describeSyncError(error: unknown): SyncErrorText {
  if (isConvologError(error, 'invalid_option')) {
    return { summary: 'Put the user name and password in the fields below, not in the URL.', details: [] };
  }
  if (!isConvologError(error, 'sync_failed')) {
    return { summary: 'Sync failed because of an unexpected error. Nothing on this device was lost.', details: [withoutIds(error instanceof Error ? error.message : String(error))] };
  }
  const { status, error: code, reason } = error.details as { status?: unknown; error?: unknown; reason?: unknown };
  const httpStatus = typeof status === 'number' ? status : undefined;
  const details: string[] = [];
  details.push(httpStatus === undefined ? 'No answer from the server (network down, server gone, or refused by CORS).' : `HTTP status ${httpStatus}.`);
  if (typeof code === 'string') details.push(`The server said: ${withoutIds(code)}${typeof reason === 'string' ? ` (${withoutIds(reason)})` : ''}.`);
  details.push('Nothing on this device was lost; the next sync continues where this one stopped.');
  return { summary: sentenceFor(httpStatus), details };
}

/** `text` with document ids (UUIDs, and CouchDB ids built on them) replaced by "…". */
function withoutIds(text: string): string {
  return text.replace(/[\w:-]*[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}[\w:.-]*/gi, '…');
}
