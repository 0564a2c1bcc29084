import type { ConvologStore } from '../store/convolog-store.js';

/** A store, or a function that opens one (called once, on the client, when a hook first needs it). */
export type StoreSource = ConvologStore | (() => Promise<ConvologStore>);

/**
 * What `ConvologProvider` shares with its hooks: the store, resolved lazily, and one query object
 * per distinct query, so components asking the same thing share one snapshot.
 * @internal
 */
export class StoreHandle {
  private store: Promise<ConvologStore> | undefined;
  private readonly queries = new Map<string, unknown>();

  constructor(private readonly source: StoreSource) {}

  readonly getStore = (): Promise<ConvologStore> => {
    const source = this.source;
    this.store ??= typeof source === 'function' ? source() : Promise.resolve(source);
    return this.store;
  };

  /** The query under `key`, made by `create` the first time it is asked for. */
  cached<QUERY>(key: string, create: () => QUERY): QUERY {
    if (!this.queries.has(key)) this.queries.set(key, create());
    return this.queries.get(key) as QUERY;
  }
}
