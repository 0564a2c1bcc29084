import type { StoreContext } from '../database/store-context.js';

/** How long after this tab's last write the indexer starts: a streaming reply or an import settles first. @internal */
export const INDEX_DELAY_MS = 300;
/** A partial batch waits until this tab has not written for this long: writes still coming fill the batch. @internal */
export const QUIET_MS = 1_500;
/** How many runs in a row may end on a batch that indexed nothing before the indexer waits for this tab's next write. */
const FRUITLESS_RUNS = 3;

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
  let lastWrite = 0;
  let fruitless = 0;
  const indexAll = async (): Promise<void> => {
    const [{ indexBatch }, { indexPipelined }] = await Promise.all([import('./packed-indexer.js'), import('./index-pipeline.js')]);
    // While this tab is still writing (an import whose appends each take longer than the delay),
    // only full batches: small ones cost a record per prefix each (DESIGN §17.2, §17.5).
    const busy = (): boolean => Date.now() - lastWrite < QUIET_MS;
    // A batch that indexed nothing (another tab moved or deleted all it read) ends the run, as does
    // a read that finds nothing or holds a partial batch back.
    let skipped = false;
    const end = await indexPipelined(context, {
      size: indexBatch(context), fullOnly: busy,
      afterBatch: async (indexed) => {
        skipped = indexed === 0;
        if (!skipped) fruitless = 0;
        return !stopped && !skipped;
      },
    });
    // A partial batch held back runs once the writes stop. Whether they have is asked by the next
    // run, not here: a run that held back can end after QUIET_MS (a slow read, a loaded machine),
    // and asking the clock now left its entries pending until this tab wrote again.
    // What a fruitless batch read may have been re-created since (another tab deleted a chat and
    // wrote it again under its id): its entries wait behind, and no write of this tab may come to
    // start another run. So run again, a few times in a row at most (a batch that never indexes is
    // a bug, and must not keep a core busy).
    if (!stopped && (end === 'held_back' || (skipped && ++fruitless <= FRUITLESS_RUNS))) again = true;
  };
  const run = async (): Promise<void> => {
    running = true;
    try {
      const { underIndexLock } = await import('./packed-indexer.js');
      await underIndexLock(context, indexAll);
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
    if (change.origin !== 'this_tab' || change.type === 'cleared' || change.type === 'conversation_deleted') return;
    lastWrite = Date.now();
    schedule();
  });
  const stop = (): void => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
  schedule();
  return stop;
}
