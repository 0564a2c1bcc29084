// Shared by the store tests (not a test file itself).

/**
 * A stand-in for `base` whose `open` is the given function; everything else passes through, bound
 * to `base`. How the tests count, redirect or patch opens without touching the global factory.
 */
export function wrapFactory(base: IDBFactory, open: (name: string, version?: number) => IDBOpenDBRequest): IDBFactory {
  return new Proxy(base, {
    get(target, property) {
      if (property === 'open') return open;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
