import type { ConvologStore } from '../store/convolog-store.js';
import type { StoreChange } from '../store/types/store-change.js';

/** What every query snapshot carries. */
export interface QueryState { status: 'loading' | 'ready' | 'error'; error?: unknown }

/** How a {@link LiveQuery} reads its data and which changes make it read again. */
export interface QuerySource<DATA> {
  /** The `conversationId` to subscribe to; `undefined` listens to every conversation. */
  conversationId?: string;
  load(store: ConvologStore): Promise<DATA>;
}

/**
 * One query over the store as a `useSyncExternalStore` source: a cached snapshot that keeps its
 * identity until the data changes (so no render loops), read again after every store change that
 * concerns it (this tab or another). Listens to the store only while a component subscribes; the
 * store itself is resolved on the first subscription, never at import or during server rendering.
 * @internal
 */
export class LiveQuery<DATA, SNAPSHOT extends QueryState> {
  private snapshot: SNAPSHOT;
  private readonly initial: SNAPSHOT;
  private readonly listeners = new Set<() => void>();
  private stopListening: (() => void) | undefined;
  /** Bumped on every start and stop, so a late answer from before a stop is ignored. */
  private generation = 0;
  private loading = false;
  private stale = false;
  private store: ConvologStore | undefined;
  private data: DATA | undefined;

  constructor(
    private readonly getStore: () => Promise<ConvologStore>,
    private readonly source: QuerySource<DATA>,
    private readonly toSnapshot: (state: QueryState, data: DATA | undefined) => SNAPSHOT,
  ) {
    this.initial = toSnapshot({ status: 'loading' }, undefined);
    this.snapshot = this.initial;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) void this.start();
    return () => {
      if (!this.listeners.delete(listener) || this.listeners.size > 0) return;
      this.generation++;
      this.stopListening?.();
      this.stopListening = undefined;
      // Unwatched, the data may go stale: the next subscriber sees it as loading until read again.
      if (this.snapshot.status === 'ready') this.snapshot = this.toSnapshot({ status: 'loading' }, this.data);
    };
  };

  readonly getSnapshot = (): SNAPSHOT => this.snapshot;

  /** The snapshot a server render shows: loading, with no data. */
  readonly getServerSnapshot = (): SNAPSHOT => this.initial;

  /** Reads again (after a change, or when the query asks for more). */
  refresh(): void {
    if (this.store === undefined || this.listeners.size === 0) return;
    // Changes that arrive while a read is under way fold into one more read after it.
    if (this.loading) this.stale = true;
    else void this.load(this.store, this.generation);
  }

  private async start(): Promise<void> {
    const generation = ++this.generation;
    let store: ConvologStore;
    try {
      store = await this.getStore();
    } catch (error) {
      if (generation === this.generation) this.publish({ status: 'error', error }, this.dataOf());
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
      this.publish({ status: 'error', error: new Error(`the store closed (${change.reason})`) }, this.dataOf());
      return;
    }
    this.refresh();
  }

  private async load(store: ConvologStore, generation: number): Promise<void> {
    this.loading = true;
    this.stale = false;
    try {
      const data = await this.source.load(store);
      if (generation === this.generation) this.publish({ status: 'ready' }, data);
    } catch (error) {
      if (generation === this.generation) this.publish({ status: 'error', error }, this.dataOf());
    } finally {
      this.loading = false;
    }
    if (this.stale && generation === this.generation) await this.load(store, generation);
  }

  private dataOf(): DATA | undefined {
    return this.data;
  }

  private publish(state: QueryState, data: DATA | undefined): void {
    this.data = data;
    this.snapshot = this.toSnapshot(state, data);
    for (const listener of [...this.listeners]) listener();
  }
}
