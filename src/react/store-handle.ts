import type { ConvologStore } from '../store/convolog-store.js';
import type { QueryLifecycle, QueryState } from './live-query.js';

/** A store, or a function that opens one (called once, on the client, when a hook first needs it). */
export type StoreSource = ConvologStore | (() => Promise<ConvologStore>);

/** What the handle needs of a cached query: its current snapshot, for {@link StoreHandle.inspect}. */
interface CachedQuery { readonly live: { getSnapshot(): QueryState } }

/**
 * What `ConvologProvider` shares with its hooks: the store, resolved lazily, and one query object
 * per distinct query in use, so components asking the same thing share one snapshot. A query
 * leaves the cache when its last subscriber leaves (see `LiveQuery`), so the cache holds what is
 * on screen, not every conversation ever opened.
 * @internal
 */
export class StoreHandle {
  private store: Promise<ConvologStore> | undefined;
  private readonly queries = new Map<string, CachedQuery>();

  constructor(private readonly source: StoreSource) {}

  readonly getStore = (): Promise<ConvologStore> => {
    const source = this.source;
    this.store ??= typeof source === 'function' ? source() : Promise.resolve(source);
    return this.store;
  };

  /** The query under `key`, made by `create` (with the lifecycle that keeps it cached while in use) when there is none. */
  cached<QUERY extends CachedQuery>(key: string, create: (lifecycle: QueryLifecycle) => QUERY): QUERY {
    const existing = this.queries.get(key);
    if (existing !== undefined) return existing as QUERY;
    const query: QUERY = create({
      // A component may subscribe to a query it got before the query was released: it is shared again.
      active: () => {
        if (!this.queries.has(key)) this.queries.set(key, query);
      },
      released: () => {
        if (this.queries.get(key) === query) this.queries.delete(key);
      },
    });
    this.queries.set(key, query);
    return query;
  }

  /** The queries held now and their snapshots (for tests and debugging). @internal */
  inspect(): { key: string; snapshot: QueryState }[] {
    return [...this.queries].map(([key, query]) => ({ key, snapshot: query.live.getSnapshot() }));
  }
}
