import { EntrySchema, type Entry } from '../../core/entry.js';
import { retainPortableContent } from '../../core/retain-portable-content.js';
import type { Warning } from '../../core/warning.js';
import { explainZodError } from '../../core/zod-explain.js';
import type { CarriedShield } from './carried-shield.js';

/** A merged entry that passed the checks that need no database, with what sanitizing reported. @internal */
export interface CheckedMergedEntry { entry: Entry; warnings: Warning[] }

/**
 * Checks one entry from elsewhere (another device) as an untrusted import checks its entries:
 * the entry schema (message content included), the conversation it claims, a timestamp in
 * toISOString's form. `seq` is ignored (each device numbers entries in arrival order): the result
 * carries seq 0 until it is placed. Returns a reason instead when it cannot be merged. Sanitizing
 * is {@link retainMergedContent}'s, once the merge knows which attachments are stored.
 * @internal
 */
export function checkMergedEntry(conversationId: string, input: unknown): { entry: Entry } | { reason: string; id?: string } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { reason: 'it is not an object' };
  const raw = input as Record<string, unknown>;
  const id = typeof raw['id'] === 'string' ? raw['id'] : undefined;
  const withId = id === undefined ? {} : { id };
  if (raw['conversationId'] !== undefined && raw['conversationId'] !== conversationId) return { reason: 'it belongs to another conversation', ...withId };
  if (!('parentId' in raw)) return { reason: 'it has no parentId', ...withId };
  const candidate = { ...raw, conversationId, seq: 1 };
  const parsed = EntrySchema.safeParse(candidate);
  if (!parsed.success) {
    const explained = explainZodError(parsed.error, candidate);
    return { reason: `${explained.path.join('.')}: ${explained.message}`, ...withId };
  }
  const entry = { ...parsed.data, seq: 0 } as Entry;
  if (entry.parentId === entry.id) return { reason: 'it is its own parent', ...withId };
  if (!isIsoTimestamp(entry.timestamp)) return { reason: 'its timestamp is not in toISOString form', ...withId };
  return { entry };
}

/**
 * An untrusted merge's trust boundary: `retainPortableContent`, except that references the
 * `shield` holds (attachments whose bytes are stored here) are kept.
 * @internal
 */
export function retainMergedContent(entry: Entry, shield: CarriedShield): CheckedMergedEntry {
  if (entry.type !== 'message') return { entry, warnings: [] };
  const retained = retainPortableContent([shield.hide(entry.message)]);
  return {
    entry: { ...entry, message: shield.restore(retained.messages[0]!) },
    warnings: retained.warnings.map(({ messageIndex: _index, ...warning }) => ({ ...warning, message: `Entry ${entry.id}: ${warning.message}` })),
  };
}

function isIsoTimestamp(value: string): boolean {
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString() === value;
}
