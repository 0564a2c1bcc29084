/**
 * `base` (an `IDBFactory`) with every connection it opens kept, so a test can close one
 * abnormally, as a browser does to a database it finds damaged or when its process dies.
 */
export function watchedFactory(base: IDBFactory): { factory: IDBFactory; connections: IDBDatabase[] } {
  const connections: IDBDatabase[] = [];
  const factory = {
    open(name: string, version?: number) {
      const request = version === undefined ? base.open(name) : base.open(name, version);
      request.addEventListener('success', () => connections.push(request.result));
      return request;
    },
    deleteDatabase: (name: string) => base.deleteDatabase(name),
    cmp: (first: unknown, second: unknown) => base.cmp(first, second),
    databases: () => base.databases(),
  } as unknown as IDBFactory;
  return { factory, connections };
}
