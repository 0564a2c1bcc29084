// A server a whole test file shares: started before its tests, closed after them.
import { afterAll, beforeAll } from 'vitest';

/** Anything a test file starts once and closes at the end. */
export interface Closable {
  close(): Promise<void>;
}

/**
 * Registers `beforeAll`/`afterAll` hooks that start `start()` for the calling test file and close
 * it afterwards, and returns a stand-in that forwards to it. Read it inside tests: before
 * `beforeAll` has run there is nothing to forward to, and the stand-in says so.
 * @example
 * const endpoint = useStarted('scripted endpoint', startScriptedEndpoint);
 * it('answers', async () => { endpoint.script({ text: 'Hi' }); });
 */
export function useStarted<T extends Closable>(name: string, start: () => Promise<T>): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as T, {
    get(_target, key) {
      if (started === undefined) throw new Error(`The ${name} is not started yet: use it inside a test, after beforeAll.`);
      const value: unknown = Reflect.get(started, key);
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}
