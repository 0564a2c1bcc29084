// The page's handle on another tab: a dedicated Worker running tab-worker.ts, with its own
// IndexedDB connection to the same databases, as a second tab of the app has (DESIGN §19). Not a
// test file itself. Every call has a deadline, so a hung open or a lost reply fails the test
// with what it was waiting for rather than at the test's timeout.
import { afterEach } from 'vitest';
import type { StormNote, TabCommand } from './tab-protocol.js';

interface Reply { id: number; ok: boolean; value?: unknown; error?: string }
/** What a storming tab posts unasked (tab-storm.ts): a note, or the error that stopped a write loop. */
interface Unasked { note?: StormNote; stormFailed?: string }

/**
 * WebKitGTK (2.50) sometimes leaves a transaction of a worker terminated with writes in flight
 * open for good, so every later read of its stores waits (DESIGN §19, engine differences): the
 * tests that terminate a writing tab skip it.
 */
export const WEBKIT = typeof navigator !== 'undefined' && !/Chrome|Firefox/.test(navigator.userAgent) && /AppleWebKit/.test(navigator.userAgent);

export class Tab {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private failure: Error | undefined;
  /** Everything a storming tab reported, in order; `stormFailed` holds a write loop's error. */
  readonly notes: StormNote[] = [];
  stormFailed: string | undefined;

  private constructor(private readonly worker: Worker) {
    worker.addEventListener('message', (event: MessageEvent<Reply & Unasked>) => {
      if (event.data.note !== undefined) this.notes.push(event.data.note);
      else if (event.data.stormFailed !== undefined) this.stormFailed ??= event.data.stormFailed;
      else this.settle(event.data);
    });
    worker.addEventListener('error', (event) => this.fail(new Error(`the tab worker failed: ${event.message}`)));
  }

  /** Starts a tab and waits until its module loaded. */
  static async start(): Promise<Tab> {
    const worker = new Worker(new URL('./tab-worker.ts', import.meta.url), { type: 'module' });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the tab worker did not start in 20 s')), 20_000);
      worker.addEventListener('message', () => { clearTimeout(timer); resolve(); }, { once: true });
      worker.addEventListener('error', (event) => { clearTimeout(timer); reject(new Error(`the tab worker failed to load: ${event.message}`)); }, { once: true });
    });
    return new Tab(worker);
  }

  /** Runs `command` in the tab; rejects with the tab's error, or after `milliseconds`. */
  call<T>(command: TabCommand, milliseconds = 30_000): Promise<T> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`the tab did not answer ${command.op} in ${milliseconds} ms`));
      }, milliseconds);
      this.pending.set(id, {
        resolve: (value) => { clearTimeout(timer); resolve(value as T); },
        reject: (error) => { clearTimeout(timer); reject(error); },
      });
      this.worker.postMessage({ id, command });
    });
  }

  /** Closes the tab the hard way, as a user closing it: the worker ends with its connections. */
  terminate(): void {
    this.worker.terminate();
    this.fail(new Error('the tab was terminated'));
  }

  private settle(reply: Reply): void {
    const waiting = this.pending.get(reply.id);
    if (waiting === undefined) return;
    this.pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(new Error(`the tab answered with an error: ${reply.error}`));
  }

  private fail(error: Error): void {
    this.failure = error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

/**
 * Call at the top of a test file, after storeFixture(): tabs started in a test are terminated
 * after it, before the store fixture deletes the databases (Vitest runs after-hooks last-in,
 * first-out), so no tab's connection blocks the delete.
 */
export function tabFixture(): { start(): Promise<Tab> } {
  const started: Tab[] = [];
  afterEach(() => {
    for (const tab of started.splice(0)) tab.terminate();
  });
  return {
    async start() {
      const tab = await Tab.start();
      started.push(tab);
      return tab;
    },
  };
}
