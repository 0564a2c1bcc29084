import { journalText } from './journal-format.js';
import type { JournalFiles, JournalSink, JournalWrite } from './journal-sink.js';
import type { JournalWorkerRequest, JournalWorkerResponse } from './journal-worker-protocol.js';
import { canMarkLive, liveLockName } from './live-files.js';

/**
 * A live file takes appends for this long at most, then the next batch starts a new one. The
 * catch-up at the next open trusts the newest file's name (its creation time) as "journaled up
 * to about here": a file that lived for hours would make it re-journal hours of writes.
 */
const LIVE_MS = 60_000;
/**
 * How long a request waits for the worker's answer before the worker is taken for hung and let
 * go (the main thread writes from then on). Every write awaits the journal, so a worker that is
 * alive but never answers (stuck in a flush on a failing disk, a bug) would otherwise stop every
 * write of the tab. Generous: a flush under heavy load takes a second or two.
 */
const PATIENCE_MS = 15_000;

/** What a {@link WorkerJournalSink} needs. @internal */
export interface WorkerSinkOptions {
  /** The journal folder's path in OPFS (`JournalStorage.opfsFolder`). */
  folder: readonly string[];
  files: JournalFiles;
  /** Writes what the worker cannot, from the main thread. */
  fallback: JournalSink;
  /** `flush()` every batch before it counts as written (DESIGN §21 says when). */
  flush: boolean;
  /** Starts the worker; tests give one that fails, dies or hangs. */
  startWorker?: (() => Worker) | undefined;
  /** How long to wait for an answer before taking the worker for hung (tests shorten it). */
  patienceMs?: number | undefined;
}

/**
 * The journal's sink where OPFS is its folder: a {@link WorkerJournalSink} where the engine can
 * start a module worker and mark its live file (Web Locks with `query`), the fallback elsewhere.
 * @internal
 */
export function workerJournalSink(options: WorkerSinkOptions): JournalSink {
  return typeof Worker === 'function' && canMarkLive() ? new WorkerJournalSink(options) : options.fallback;
}

type Request = JournalWorkerRequest extends infer R ? R extends unknown ? Omit<R, 'id'> : never : never;
interface Waiting { resolve: () => void; reject: (error: Error) => void; timer: ReturnType<typeof setTimeout> }

/** The journal worker, from its own file in the package, so bundlers emit it and CSPs allow it. @internal */
export function startJournalWorker(): Worker {
  return new Worker(new URL('./journal-worker.js', import.meta.url), { type: 'module' });
}

/**
 * The {@link JournalSink} whose batches a dedicated worker appends to this tab's live file
 * through a `FileSystemSyncAccessHandle` (DESIGN §21): one `write` per batch instead of a whole
 * file through `createWritable`. A worker that does not start, answers with an error, dies or hangs
 * ({@link PATIENCE_MS}) is let go for good, and the batch it had is written again by the main thread before it counts
 * as written (what of it the worker got to disk is replayed twice, which changes nothing: replay
 * is idempotent), so no acknowledged write is lost.
 * @internal
 */
export class WorkerJournalSink implements JournalSink {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private next = 0;
  private live: { name: string; since: number } | undefined;

  constructor(private readonly options: WorkerSinkOptions) {
    try {
      const worker = (options.startWorker ?? startJournalWorker)();
      worker.onmessage = (event: MessageEvent<JournalWorkerResponse>) => this.answer(event.data);
      worker.onerror = (event) => {
        event.preventDefault(); // handled here: not an uncaught error of the page
        this.stop(new Error(`the journal worker failed (${event.message || 'it did not load'})`));
      };
      worker.onmessageerror = () => this.stop(new Error('the journal worker sent what could not be read'));
      this.worker = worker;
    } catch {
      // No module workers here, or the page's CSP refused this one: the main thread writes.
    }
  }

  get kind(): JournalSink['kind'] {
    return this.worker === undefined ? 'main-thread' : 'worker';
  }

  async append(lines: readonly string[]): Promise<JournalWrite> {
    if (this.worker !== undefined) {
      try {
        return await this.appendLive(lines);
      } catch (error) {
        this.stop(error instanceof Error ? error : new Error(String(error)));
      }
    }
    return this.options.fallback.append(lines);
  }

  async seal(): Promise<void> {
    const live = this.live;
    if (live === undefined || this.worker === undefined) return;
    this.live = undefined;
    try {
      await this.request({ type: 'seal', file: live.name });
    } catch (error) {
      this.stop(error instanceof Error ? error : new Error(String(error)));
    }
  }

  async close(): Promise<void> {
    await this.seal();
    this.stop(new Error('the store closed'));
  }

  private async appendLive(lines: readonly string[]): Promise<JournalWrite> {
    if (this.live !== undefined && Date.now() - this.live.since >= LIVE_MS) await this.seal();
    const { files, folder, flush } = this.options;
    const fresh = this.live === undefined;
    const live = (this.live ??= { name: files.nextName(), since: Date.now() });
    const text = fresh ? journalText(files.header, lines) : lines.map((line) => `${line}\n`).join('');
    await this.request({ type: 'append', folder, file: live.name, lock: liveLockName(files.header.database, live.name), text, flush });
    return { bytes: text.length, newFile: fresh };
  }

  private request(message: Request): Promise<void> {
    const worker = this.worker;
    if (worker === undefined) return Promise.reject(new Error('the journal worker is gone'));
    const id = this.next++;
    const patience = this.options.patienceMs ?? PATIENCE_MS;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.stop(new Error(`the journal worker did not answer within ${patience} ms`)), patience);
      this.waiting.set(id, { resolve, reject, timer });
      worker.postMessage({ ...message, id } as JournalWorkerRequest);
    });
  }

  private answer(response: JournalWorkerResponse): void {
    const waiting = this.waiting.get(response.id);
    if (waiting === undefined) return;
    clearTimeout(waiting.timer);
    this.waiting.delete(response.id);
    if (response.error === undefined) waiting.resolve();
    else waiting.reject(new Error(response.error));
  }

  /** Lets the worker go for good (its handle and live lock go with it); whatever waits on it fails over. */
  private stop(reason: Error): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.live = undefined;
    for (const waiting of this.waiting.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(reason);
    }
    this.waiting.clear();
  }
}
