import { useMemo, useSyncExternalStore } from 'react';
import { useStoreHandle } from './convolog-provider.js';
import type { QueryLifecycle, QueryState } from './live-query.js';
import type { StoreHandle } from './store-handle.js';

/** What {@link useAttachment} returns: `url` (an object URL of the bytes) once `status` is `'ready'`. */
export interface AttachmentSnapshot extends QueryState {
  url?: string;
}

const LOADING: AttachmentSnapshot = { status: 'loading' };

/**
 * One attachment's object URL, shared by every component showing it. An attachment's bytes never
 * change (the id is their hash), so it is read once, not followed like a live query. The URL is
 * revoked when the last user leaves, a microtask later (as `LiveQuery` releases), so a component
 * that leaves and comes back in the same commit (StrictMode, a moved component) keeps it.
 * @internal
 */
class AttachmentQuery {
  private snapshot = LOADING;
  private readonly listeners = new Set<() => void>();
  private started = false;
  /** Bumped on every release, so a read that answers after one makes no URL. */
  private generation = 0;

  constructor(private readonly handle: StoreHandle, private readonly id: string, private readonly lifecycle: QueryLifecycle) {}

  /** For the handle's cache: this query's snapshot. */
  get live(): { getSnapshot(): QueryState } {
    return this;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.activate();
    return () => {
      if (!this.listeners.delete(listener) || this.listeners.size > 0) return;
      queueMicrotask(() => this.releaseIfUnused());
    };
  };

  readonly getSnapshot = (): AttachmentSnapshot => this.snapshot;

  private activate(): void {
    this.lifecycle.active();
    if (this.started) return;
    this.started = true;
    const generation = this.generation;
    this.handle.getStore().then((store) => store.getAttachment(this.id)).then(
      (blob) => {
        if (generation === this.generation) this.settle({ status: 'ready', url: URL.createObjectURL(blob) });
      },
      (error: unknown) => {
        if (generation === this.generation) this.settle({ status: 'error', error });
      },
    );
  }

  private settle(snapshot: AttachmentSnapshot): void {
    this.snapshot = snapshot;
    for (const listener of [...this.listeners]) listener();
  }

  private releaseIfUnused(): void {
    if (this.listeners.size > 0 || !this.started) return;
    this.generation++;
    this.started = false;
    if (this.snapshot.url !== undefined) URL.revokeObjectURL(this.snapshot.url);
    this.snapshot = LOADING;
    this.lifecycle.released();
  }
}

const serverSnapshot = (): AttachmentSnapshot => LOADING;

/**
 * A stored attachment (`store.putAttachment`, DESIGN §18) as an object URL for `<img src>` or a
 * download link: `status` is `'loading'` until the bytes are read (and during server rendering),
 * then `'ready'` with `url`, or `'error'` with `error` (`not_found` when the attachment is not
 * stored). Components showing the same attachment share one URL, revoked when the last of them
 * unmounts.
 *
 * @example
 * function Picture({ source }: { source: AttachmentSource }) {
 *   const { url, status } = useAttachment(source.id)
 *   return status === 'ready' ? <img src={url} alt={source.filename ?? ''} /> : <Spinner />
 * }
 */
export function useAttachment(id: string): AttachmentSnapshot {
  const handle = useStoreHandle('useAttachment');
  const query = useMemo(() => handle.cached(`attachment:${id}`, (lifecycle) => new AttachmentQuery(handle, id, lifecycle)), [handle, id]);
  return useSyncExternalStore(query.subscribe, query.getSnapshot, serverSnapshot);
}
