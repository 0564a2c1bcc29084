import type { StoreContext } from '../database/store-context.js';

/** How long after this tab's last write the indexer starts: a streaming reply or an import settles first. @internal */
export const INDEX_DELAY_MS = 300;

/**
 * Runs the search indexer in the background (DESIGN §17.3): once the store opens (an upgrade or
 * another tab may have left work) and {@link INDEX_DELAY_MS} after this tab's writes, batch after
 * batch until nothing is left, each its own transaction and never inside a write's. One tab at a
 * time where the platform has Web Locks; elsewhere two tabs may both index, which a batch
 * survives (it skips conversations another tab moved). Errors end the run quietly (the store
 * closed; a failing disk is reported by the writes themselves); the next write starts it again.
 * Returns the function that stops it.
 * @internal
 */
export function scheduleSearchIndexing(context: StoreContext): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;
  let stopped = false;
  const indexAll = async (): Promise<void> => {
    const { indexSearchBatch } = await import('./packed-indexer.js');
    while (!stopped && await indexSearchBatch(context) > 0) again = false;
  };
  const run = async (): Promise<void> => {
    running = true;
    try {
      const locks = typeof navigator === 'object' ? (navigator as { locks?: LockManager }).locks : undefined;
      if (locks === undefined) await indexAll();
      else await locks.request(`convolog-search-index:${context.name}`, indexAll);
    } catch {
      // Closed, or storage failing: the next write schedules another run.
    } finally {
      running = false;
      if (again) schedule();
    }
  };
  const schedule = (): void => {
    if (stopped) return;
    again = running;
    if (running) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), INDEX_DELAY_MS);
  };
  const unsubscribe = context.changes.subscribe((change) => {
    if (change.type === 'closed') return stop();
    if (change.origin === 'this_tab' && change.type !== 'cleared' && change.type !== 'conversation_deleted') schedule();
  });
  const stop = (): void => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
  schedule();
  return stop;
}
