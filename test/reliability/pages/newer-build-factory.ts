// A test-only way to be "the next build": an IDBFactory that opens every database one version
// above what the caller asks for. A store opened through it upgrades the database past this
// build's DATABASE_VERSION (its migrations have nothing to add), exactly as a newer release
// would while an older tab still has the database open.
export function newerBuildFactory(base: IDBFactory = indexedDB, bump = 1): IDBFactory {
  return {
    open: (name: string, version?: number) => base.open(name, (version ?? 1) + bump),
    deleteDatabase: (name: string) => base.deleteDatabase(name),
    cmp: (first: unknown, second: unknown) => base.cmp(first, second),
    databases: () => base.databases(),
  } as IDBFactory;
}

/** A raw connection like an old tab's that ignores `versionchange` (so it blocks upgrades). */
export function holdConnection(name: string): Promise<{ version: number; close(): void }> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => {
      const database = request.result;
      resolve({ version: database.version, close: () => database.close() });
    };
    request.onerror = () => reject(request.error);
  });
}
