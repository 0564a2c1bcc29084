// The journal's writer thread (DESIGN §21), started by `worker-journal-sink.ts` as a module worker
// from its own file in the package (`new URL('./journal-worker.js', import.meta.url)`: bundlers
// emit it; a Blob-URL worker would be blocked by a CSP like `script-src 'self'`). It appends each
// batch to the tab's live file through a `FileSystemSyncAccessHandle`, which only workers have:
// an append costs a `write` (and a `flush` when asked) instead of a whole file through
// `createWritable`. Requests run one at a time, in the order they came. No imports: the file is
// all a worker loads.
import type { JournalWorkerRequest, JournalWorkerResponse } from './journal-worker-protocol.js';

interface SyncHandle {
  write(data: Uint8Array, options: { at: number }): number;
  flush(): void;
  getSize(): number;
  close(): void;
}
type SyncFile = FileSystemFileHandle & { createSyncAccessHandle(): Promise<SyncHandle> };
interface LiveFile { handle: SyncHandle; offset: number; release: () => void }
interface WorkerScope {
  onmessage: ((event: MessageEvent<JournalWorkerRequest>) => void) | null;
  postMessage(message: JournalWorkerResponse): void;
  navigator: Navigator;
}

const scope = globalThis as unknown as WorkerScope;
const encoder = new TextEncoder();
const live = new Map<string, LiveFile>();
let queue: Promise<void> = Promise.resolve();

scope.onmessage = (event) => {
  const request = event.data;
  queue = queue.then(() => run(request)).then(
    () => scope.postMessage({ id: request.id }),
    (error: unknown) => scope.postMessage({ id: request.id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
  );
};

async function run(request: JournalWorkerRequest): Promise<void> {
  if (request.type === 'seal') return seal(request.file);
  const file = live.get(request.file) ?? await open(request.folder, request.file, request.lock);
  const bytes = encoder.encode(request.text);
  // `write` may write less than asked (a full disk writes what fits, then throws on the next call).
  for (let done = 0; done < bytes.length;) {
    const written = file.handle.write(bytes.subarray(done), { at: file.offset });
    if (written <= 0) throw new Error(`the journal file ${request.file} took no more bytes`);
    done += written;
    file.offset += written;
  }
  if (request.flush) file.handle.flush();
}

async function open(folder: readonly string[], name: string, lock: string): Promise<LiveFile> {
  // The lock first: while the file exists and takes appends, a roll in any tab sees it as live.
  const release = await holdLock(lock);
  try {
    let directory = await scope.navigator.storage.getDirectory();
    for (const part of folder) directory = await directory.getDirectoryHandle(part, { create: true });
    const handle = await (await directory.getFileHandle(name, { create: true }) as SyncFile).createSyncAccessHandle();
    const file = { handle, offset: handle.getSize(), release };
    live.set(name, file);
    return file;
  } catch (error) {
    release();
    throw error;
  }
}

function seal(name: string): void {
  const file = live.get(name);
  if (file === undefined) return;
  live.delete(name);
  try {
    file.handle.close();
  } finally {
    file.release();
  }
}

/** Takes the Web Lock `name` and resolves once it is held; calling what it resolves with lets it go. */
function holdLock(name: string): Promise<() => void> {
  return new Promise((resolve, reject) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => {
      release = done;
    });
    scope.navigator.locks.request(name, () => {
      resolve(release);
      return held;
    }).catch(reject);
  });
}
