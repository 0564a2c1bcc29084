import type { CouchClient } from './couch-client.js';
import { loadCheckpoint, saveCheckpoint, type SyncCheckpoint } from './checkpoint.js';
import type { SyncEvent } from './sync-event.js';
import type { SyncStore } from './sync-store.js';

/** What push, pull and live mode share for one `createCouchSync`. @internal */
export interface SyncSession {
  readonly store: SyncStore;
  readonly client: CouchClient;
  readonly deviceId: string;
  readonly batchSize: number;
  readonly trusted: boolean;
  /** `{ attachments: 'lazy' }`: a pull leaves the bytes on the server; `getAttachment` fetches them. */
  readonly lazy: boolean;
  /** Conversations deleted here whose tombstone is not on the server yet. */
  readonly deletions: Set<string>;
  /** The checkpoint, loaded from the server on first use and then kept in memory. */
  checkpoint(signal?: AbortSignal): Promise<SyncCheckpoint>;
  /** Writes the in-memory checkpoint (saves are serialized; each writes the latest state). */
  save(signal?: AbortSignal): Promise<void>;
  emit(event: SyncEvent): void;
}

/** @internal */
export function createSyncSession(init: Omit<SyncSession, 'checkpoint' | 'save' | 'deletions'>): SyncSession {
  let loaded: Promise<{ checkpoint: SyncCheckpoint; rev?: string }> | undefined;
  let saving: Promise<void> = Promise.resolve();
  const session: SyncSession = {
    ...init,
    deletions: new Set(),
    async checkpoint(signal) {
      loaded ??= loadCheckpoint(init.client, init.deviceId, signal).catch((error: unknown) => {
        loaded = undefined;
        throw error;
      });
      return (await loaded).checkpoint;
    },
    save(signal) {
      const run = saving.then(async () => {
        const state = await loaded!;
        const rev = await saveCheckpoint(init.client, init.deviceId, state.checkpoint, state.rev, signal);
        if (rev !== undefined) state.rev = rev;
      });
      saving = run.catch(() => undefined);
      return run;
    },
  };
  return session;
}
