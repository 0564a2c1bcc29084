import { ConvologError } from '../core/error.js';

/** What went wrong talking to the server, for {@link syncFailed}. @internal */
export interface SyncFailure {
  /** The HTTP status, absent when no response came (network down, server gone, CORS refused). */
  status?: number;
  /** The request, e.g. `POST _bulk_docs`. */
  request: string;
  /** CouchDB's `error` and `reason`, when the response had them. */
  error?: string;
  reason?: string;
  cause?: unknown;
}

/** A `sync_failed` error whose message says what happened and what to do. @internal */
export function syncFailed(failure: SyncFailure): ConvologError {
  const what = failure.status === undefined
    ? `no response from the sync server for ${failure.request}`
    : `the sync server answered ${failure.request} with HTTP ${failure.status}${failure.error === undefined ? '' : ` (${failure.error}${failure.reason === undefined ? '' : `: ${failure.reason}`})`}`;
  const advice = adviceFor(failure.status);
  return new ConvologError({
    code: 'sync_failed',
    message: `Sync failed: ${what}. ${advice} Nothing local was lost; the next sync resumes from the last checkpoint.`,
    details: {
      request: failure.request,
      ...(failure.status === undefined ? {} : { status: failure.status }),
      ...(failure.error === undefined ? {} : { error: failure.error }),
      ...(failure.reason === undefined ? {} : { reason: failure.reason }),
    },
    ...(failure.cause === undefined ? {} : { cause: failure.cause }),
  });
}

function adviceFor(status: number | undefined): string {
  if (status === undefined) return 'Check the network and the database URL (and CORS for a browser app).';
  if (status === 401) return 'Check the credentials (auth headers) for the database.';
  if (status === 403) return 'The user may not write to this database; check its security settings.';
  if (status === 404) return 'The database does not exist; create it (or check the URL).';
  if (status >= 500) return 'The server had a problem; retry later.';
  return 'Check the database URL and the server.';
}
