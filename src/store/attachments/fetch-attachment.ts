import { ConvologError } from '../../core/error.js';
import type { StoreContext } from '../database/store-context.js';
import { sha256Hex, storeBytes } from './put-attachment.js';

/** Fetches in flight, per store: two reads of the same missing id share one fetch. */
const inFlight = new WeakMap<StoreContext, Map<string, Promise<boolean>>>();

/**
 * Asks the store's fetchers, in the order they were added, for bytes it lacks (DESIGN §18, lazy
 * sync), checks them against the id (SHA-256: other bytes are `attachment_mismatch`, nothing
 * stored) and stores them as a put does (counted, journaled, collected like any put). Resolves
 * whether some fetcher had them; rejects with a fetcher's error when none had them and one failed
 * (offline: the bytes may be there, so this is not `not_found`). Concurrent calls for one id in
 * one store share the fetch; another tab's fetch of the same bytes stores them once (same id).
 * @internal
 */
export function fetchAttachment(context: StoreContext, id: string): Promise<boolean> {
  let pending = inFlight.get(context);
  if (pending === undefined) inFlight.set(context, pending = new Map());
  let fetching = pending.get(id);
  if (fetching === undefined) {
    fetching = fetchFromSources(context, id);
    pending.set(id, fetching);
    const done = (): void => void pending.delete(id);
    fetching.then(done, done);
  }
  return fetching;
}

async function fetchFromSources(context: StoreContext, id: string): Promise<boolean> {
  let failure: unknown;
  for (const fetcher of [...(context.attachmentFetchers ?? [])]) {
    let found: Awaited<ReturnType<typeof fetcher.fetchAttachment>>;
    try {
      found = await fetcher.fetchAttachment(id);
    } catch (error) {
      failure ??= error;
      continue;
    }
    if (found === undefined) continue;
    const bytes = found.bytes instanceof Uint8Array ? found.bytes : new Uint8Array(found.bytes);
    const actual = await sha256Hex(bytes);
    if (actual !== id) throw mismatch(id, actual, bytes.byteLength);
    await storeBytes(context, bytes, id, found.mediaType || 'application/octet-stream');
    return true;
  }
  if (failure !== undefined) throw failure;
  return false;
}

function mismatch(id: string, actual: string, size: number): ConvologError {
  return new ConvologError({
    code: 'attachment_mismatch',
    details: { attachmentId: id, sha256: actual, size },
    message: `The bytes fetched for attachment "${id}" hash to "${actual}" (${size} bytes): the source gave other bytes than the id names. ` +
      'Nothing was stored. The server holds damaged or forged bytes under this id: push them again from a device that has them.',
  });
}
