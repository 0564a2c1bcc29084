import type { Entry } from '../../core/entry.js';
import type { AttachmentSource } from '../../core/message.js';
import { runTransaction, type Transaction } from '../database/run-transaction.js';
import type { AttachmentRecord } from '../database/schema.js';
import type { StoreContext } from '../database/store-context.js';
import { mediaPartsOf } from './referenced-attachments.js';

/** The attachment references the entries make, one per id (the first met), in log order. @internal */
export function attachmentSourcesOf(entries: Iterable<Entry>): Map<string, AttachmentSource> {
  const sources = new Map<string, AttachmentSource>();
  for (const entry of entries) {
    if (entry.type !== 'message') continue;
    for (const [, part] of mediaPartsOf(entry.message)) {
      if (part.source.kind === 'attachment' && !sources.has(part.source.id)) sources.set(part.source.id, part.source);
    }
  }
  return sources;
}

/**
 * Before a merge's transaction: hands `fetchAttachments` the references that entries new to this
 * store make to attachments not stored here (sync fetches, checks and puts them, or, lazy,
 * returns the ids its server promises: the returned set, ids asked about only). Read in a
 * readonly transaction of its own, because the merge's transaction cannot wait on the network;
 * what is stored is read again inside the merge's, so bytes removed in between (another tab
 * deleting their last conversation) only drop a reference, never keep one without its bytes.
 * @internal
 */
export async function fetchMissingAttachments(
  context: StoreContext, candidates: readonly Entry[], fetchAttachments: (missing: AttachmentSource[]) => Promise<void | readonly string[]>,
): Promise<ReadonlySet<string>> {
  const referencing = candidates.filter((entry) => attachmentSourcesOf([entry]).size > 0);
  if (referencing.length === 0) return new Set();
  const missing = await runTransaction(context, ['entries', 'attachments'], 'readonly', 'Reading the attachments of merged entries', async (transaction) => {
    const byId = transaction.objectStore('entries').index('byId');
    // Entries already here (a device's own entries coming back from the server) need nothing.
    const present = await Promise.all(referencing.map((entry) => byId.get(entry.id)));
    const sources = [...attachmentSourcesOf(referencing.filter((_, index) => present[index] === undefined)).values()];
    const records = await Promise.all(sources.map((source) => transaction.objectStore('attachments').get(source.id)));
    return sources.filter((_, index) => records[index] === undefined);
  });
  if (missing.length === 0) return new Set();
  // Promised ids: bytes another place vouches for (lazy sync); only those asked about count.
  const asked = new Set(missing.map((source) => source.id));
  return new Set([...(await fetchAttachments(missing) ?? [])].filter((id) => asked.has(id)));
}

/** Inside the merge's transaction: the metadata of the given attachments that are stored, by id. @internal */
export async function readStoredAttachments(transaction: Transaction<'readwrite'>, ids: Iterable<string>): Promise<Map<string, AttachmentRecord>> {
  const wanted = [...ids];
  const records = await Promise.all(wanted.map((id) => transaction.objectStore('attachments').get(id)));
  const stored = new Map<string, AttachmentRecord>();
  records.forEach((record) => {
    if (record !== undefined) stored.set(record.id, record);
  });
  return stored;
}

/**
 * Inside the merge's transaction, after its entries and their reference rows are written: a
 * pending put that a written entry now references is claimed (it leaves the grace period), as an
 * append claims it, so its bytes live exactly as long as their references.
 * @internal
 */
export async function claimMergedAttachments(
  transaction: Transaction<'readwrite'>, added: readonly Entry[], stored: ReadonlyMap<string, AttachmentRecord>,
): Promise<void> {
  for (const id of attachmentSourcesOf(added).keys()) {
    const record = stored.get(id);
    if (record?.pendingSince === undefined) continue;
    const { pendingSince: _claimed, ...claimed } = record;
    await transaction.objectStore('attachments').put(claimed);
  }
}
