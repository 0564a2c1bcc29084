import type { CouchClient } from './couch-client.js';
import { documentPath } from './document-ids.js';
import { syncFailed } from './sync-failed.js';
import { isJsonObject } from '../core/is-json-object.js';

/**
 * What one device has synced with one database, kept in the database as a `_local/` document (never
 * replicated, and gone with the database, so a recreated database starts a full sync). Saved only
 * after the local transaction that applied (or the request that pushed) what it claims.
 */
export interface SyncCheckpoint {
  /** The remote `_changes` position pulled up to; opaque (a number on CouchDB 1 and pouchdb-server, a string on a cluster). */
  since: string | number;
  /** Per conversation: every local entry up to this seq is on the server. */
  pushed: Record<string, number>;
  /** Per conversation: the metadata revision last seen and the fingerprint of what it says. */
  metadata: Record<string, { rev: string; fingerprint: string; deleted?: true }>;
  /** Entry documents pulled whose parent has not arrived yet, oldest first (at most 1000): re-read on the next pull. */
  waiting: string[];
}

/** A checkpoint as loaded, with the `_local` revision to update it with. @internal */
export interface StoredCheckpoint { checkpoint: SyncCheckpoint; rev?: string }

/** The `_local` document id for one device. @internal */
export function checkpointId(deviceId: string): string {
  return `_local/convolog-sync-${encodeURIComponent(deviceId)}`;
}

/** An empty checkpoint: nothing synced yet. @internal */
export function emptyCheckpoint(): SyncCheckpoint {
  return { since: 0, pushed: {}, metadata: {}, waiting: [] };
}

/** Reads the device's checkpoint; an empty one when there is none (first sync, or a recreated database). @internal */
export async function loadCheckpoint(client: CouchClient, deviceId: string, signal?: AbortSignal): Promise<StoredCheckpoint> {
  const response = await client.request<Record<string, unknown>>({
    method: 'GET', path: localPath(deviceId), accept: [404], ...(signal === undefined ? {} : { signal }),
  });
  if (response.status === 404 || typeof response.body !== 'object' || response.body === null) return { checkpoint: emptyCheckpoint() };
  const body = response.body;
  const checkpoint: SyncCheckpoint = {
    since: typeof body['since'] === 'string' || typeof body['since'] === 'number' ? body['since'] : 0,
    pushed: isJsonObject(body['pushed']) ? body['pushed'] as Record<string, number> : {},
    metadata: isJsonObject(body['metadata']) ? body['metadata'] as SyncCheckpoint['metadata'] : {},
    waiting: Array.isArray(body['waiting']) ? (body['waiting'] as unknown[]).filter((id): id is string => typeof id === 'string') : [],
  };
  return { checkpoint, ...(typeof body['_rev'] === 'string' ? { rev: body['_rev'] } : {}) };
}

/**
 * Writes the checkpoint and returns its new `_local` revision. A 409 means a save whose answer was
 * lost (or another client with the same device id) moved the revision: the newest revision is
 * read and the write repeated once, since this device's in-memory state is the newer truth.
 * @internal
 */
export async function saveCheckpoint(
  client: CouchClient, deviceId: string, checkpoint: SyncCheckpoint, rev: string | undefined, signal?: AbortSignal,
): Promise<string | undefined> {
  const withSignal = signal === undefined ? {} : { signal };
  const put = (currentRev: string | undefined) => client.request<{ rev?: string }>({
    method: 'PUT', path: localPath(deviceId), body: { ...checkpoint, ...(currentRev === undefined ? {} : { _rev: currentRev }) },
    accept: [409], ...withSignal,
  });
  let response = await put(rev);
  if (response.status === 409) {
    const current = await client.request<{ _rev?: string }>({ method: 'GET', path: localPath(deviceId), accept: [404], ...withSignal });
    response = await put(current.status === 200 ? current.body?._rev : undefined);
    if (response.status === 409) {
      throw syncFailed({ request: `PUT ${checkpointId(deviceId)}`, status: 409, error: 'conflict', reason: 'another client keeps saving this device\'s checkpoint (two devices with one deviceId?)' });
    }
  }
  return response.body?.rev;
}

function localPath(deviceId: string): string {
  return `_local/${documentPath(checkpointId(deviceId).slice('_local/'.length))}`;
}
