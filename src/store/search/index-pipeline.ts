import type { StoreContext } from '../database/store-context.js';
import { readBatch, tokenizeBatch, type Part } from './read-batch.js';
import { writeBatch } from './write-batch.js';

/** What runs the indexer: the batch size, whether only full batches count, and whether to go on after a batch. @internal */
export interface PipelineOptions {
  size: number;
  /** Asked before each read: true while this tab is still writing (an import), when a partial batch waits. */
  fullOnly(): boolean;
  /** Called after each batch's write with the entries it indexed; false stops the run. */
  afterBatch(indexed: number): Promise<boolean>;
}

/**
 * How a run ended: `drained` when a read found nothing to index, `held_back` when its last read
 * asked for whole batches only and found none (a partial batch may be waiting), `stopped` when
 * `afterBatch` said so. @internal
 */
export type PipelineEnd = 'drained' | 'held_back' | 'stopped';

function coveredBy(parts: Part[]): Map<string, number> {
  return new Map(parts.map((part) => [part.id, part.to]));
}

/**
 * Indexes batch after batch until a read finds nothing, two batches in flight unless this tab is
 * still writing (DESIGN §17.9):
 * batch N+1 is read before batch N's write transaction starts (the backend serves the read first;
 * issued after, it would wait for that write to commit), then tokenized in slices while N's write
 * runs. N+1's parts start where N's end; if N's write skips a conversation (another tab indexed or
 * deleted it meanwhile), N+1's part of it no longer starts at its `indexedSeq` and is skipped too,
 * so a stale read is never written: the next fresh read takes it up from the stored mark.
 * @internal
 */
export async function indexPipelined(context: StoreContext, options: PipelineOptions): Promise<PipelineEnd> {
  let fullOnly = options.fullOnly();
  let parts = await tokenizeBatch(await readBatch(context, options.size, fullOnly));
  while (parts.length > 0) {
    // No read ahead while this tab is still writing (an import): the read and the tokenizing would
    // hold its appends back, and an import that indexed as it went took longer in all (§17.9).
    const next = options.fullOnly() ? undefined : readBatch(context, options.size, false, coveredBy(parts)).then(tokenizeBatch);
    // The write's failure is the one reported; the read of a store that closed fails alike.
    next?.catch(() => undefined);
    await context.indexer.beforeWrite?.();
    const indexed = await writeBatch(context, parts);
    // Written or skipped (another tab indexed them): either way their handed texts are done with.
    for (const part of parts) context.indexer.handed?.release(part.id, part.to);
    if (!await options.afterBatch(indexed)) return 'stopped';
    parts = next === undefined ? [] : await next;
    if (parts.length > 0) continue;
    // The read ahead saw nothing past batch N (or there was none): read afresh (what N skipped, what was written since).
    fullOnly = options.fullOnly();
    parts = await tokenizeBatch(await readBatch(context, options.size, fullOnly));
  }
  return fullOnly ? 'held_back' : 'drained';
}
