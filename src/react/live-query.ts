import type { ConvologStore } from '../store/convolog-store.js';
import type { StoreChange } from '../store/types/store-change.js';

/** What every query snapshot carries. */
export interface QueryState { status: 'loading' | 'ready' | 'error'; error?: unknown }

/** How a {@link LiveQuery} reads its data and which changes make it read again. */
export interface QuerySource<DATA> {
  /** The `conversationId` to subscribe to; `undefined` listens to every conversation. */
  conversationId?: string;
  load(store: ConvologStore): Promise<DATA>;
  /** Whether `change` removed what the query shows: its data is then dropped at once, without a read. */
  gone?(change: StoreChange): boolean;
  /** Called when the query is released: forget what was asked for beyond the first page. */
  reset?(): void;
}

/** How a {@link LiveQuery} tells its cache that it is in use again, or released. @internal */
export interface QueryLifecycle { active(): void; released(): void }

/**
 * One query over the store as a `useSyncExternalStore` source: a cached snapshot that keeps its
 * identity until the data changes (so no render loops), read again after every store change that
 * concerns it (this tab or another). Listens to the store only while a component subscribes; the
 * store itself is resolved on the first subscription, never at import or during server rendering.
 * When the last subscriber leaves, the query is released (its data dropped, its store subscription
 * closed) a microtask later, so a subscriber that leaves and comes back in the same commit (React's
 * StrictMode, a moved component) keeps the data and the subscription instead of reading again.
 * @internal
 */
export class LiveQuery<DATA, SNAPSHOT extends QueryState> {
  private snapshot: SNAPSHOT;
  private readonly initial: SNAPSHOT;
  private readonly listeners = new Set<() => void>();
  private stopListening: (() => void) | undefined;
  /** Bumped on every start and release, so a late answer from before a release is ignored. */
  private generation = 0;
  /** The generation whose read is under way: one read at a time per generation, so none answers out of order. */
  private loadingGeneration: number | undefined;
  private stale = false;
  private releasePending = false;
  private store: ConvologStore | undefined;
  private data: DATA | undefined;

  constructor(
    private readonly getStore: () => Promise<ConvologStore>,
    private readonly source: QuerySource<DATA>,
    private readonly toSnapshot: (state: QueryState, data: DATA | undefined) => SNAPSHOT,
    private readonly lifecycle?: QueryLifecycle,
  ) {
    this.initial = toSnapshot({ status: 'loading' }, undefined);
    this.snapshot = this.initial;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.activate();
    return () => {
      if (!this.listeners.delete(listener) || this.listeners.size > 0) return;
      this.releasePending = true;
      queueMicrotask(() => this.releaseIfUnused());
    };
  };

  readonly getSnapshot = (): SNAPSHOT => this.snapshot;

  /** The snapshot a server render shows: loading, with no data. */
  readonly getServerSnapshot = (): SNAPSHOT => this.initial;

  /** Reads again (after a change, or when the query asks for more). */
  refresh(): void {
    // A query between its last subscriber leaving and its release still follows the store.
    if (this.store === undefined || (this.listeners.size === 0 && !this.releasePending)) return;
    // Changes that arrive while a read is under way fold into one more read after it.
    if (this.loadingGeneration === this.generation) this.stale = true;
    else void this.load(this.store, this.generation);
  }

  private activate(): void {
    this.lifecycle?.active();
    // Back before the release ran: everything is still in place.
    if (this.releasePending) {
      this.releasePending = false;
      return;
    }
    void this.start();
  }

  private releaseIfUnused(): void {
    if (!this.releasePending || this.listeners.size > 0) return;
    this.releasePending = false;
    this.generation++;
    this.stopListening?.();
    this.stopListening = undefined;
    this.data = undefined;
    this.snapshot = this.initial;
    this.source.reset?.();
    this.lifecycle?.released();
  }

  private async start(): Promise<void> {
    const generation = ++this.generation;
    let store: ConvologStore;
    try {
      store = await this.getStore();
    } catch (error) {
      if (generation === this.generation) this.publish({ status: 'error', error }, this.data);
      return;
    }
    if (generation !== this.generation) return;
    this.store = store;
    const options = this.source.conversationId === undefined ? {} : { conversationId: this.source.conversationId };
    this.stopListening = store.subscribe((change) => this.onChange(change), options);
    await this.load(store, generation);
  }

  private onChange(change: StoreChange): void {
    if (change.type === 'closed') {
      this.publish({ status: 'error', error: new Error(`the store closed (${change.reason})`) }, this.data);
      return;
    }
    if (this.source.gone?.(change) === true) {
      // Dropped now, not after a read: nothing of a deleted conversation stays in memory.
      this.generation++;
      this.stale = false;
      this.source.reset?.();
      this.publish({ status: 'ready' }, undefined);
      return;
    }
    this.refresh();
  }

  private async load(store: ConvologStore, generation: number): Promise<void> {
    this.loadingGeneration = generation;
    this.stale = false;
    try {
      const data = await this.source.load(store);
      if (generation === this.generation) this.publish({ status: 'ready' }, data);
    } catch (error) {
      if (generation === this.generation) this.publish({ status: 'error', error }, this.data);
    } finally {
      if (this.loadingGeneration === generation) this.loadingGeneration = undefined;
    }
    if (this.stale && generation === this.generation) await this.load(store, generation);
  }

  private publish(state: QueryState, data: DATA | undefined): void {
    this.data = data;
    this.snapshot = this.toSnapshot(state, data);
    for (const listener of [...this.listeners]) listener();
  }
}
