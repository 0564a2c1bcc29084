/**
 * The messages between a store and its journal worker (`journal-worker.ts`, DESIGN §21). Types
 * only: nothing of it is in either bundle.
 * @internal
 */
export type JournalWorkerRequest =
  /** Appends `text` to `file` in the OPFS folder `folder` (opened, and its `lock` taken, on first use). */
  | { id: number; type: 'append'; folder: readonly string[]; file: string; lock: string; text: string; flush: boolean }
  /** Stops appending to `file`: closes its handle and lets go of its lock. */
  | { id: number; type: 'seal'; file: string };

/** The answer to request `id`: done, or why not. @internal */
export interface JournalWorkerResponse {
  id: number;
  error?: string;
}
