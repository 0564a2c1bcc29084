import type { Entry } from './entry.js';
import { readMessage } from './parse-messages.js';
import { checked, nonEmptyString, object, oneOf, ShapeMismatch, string, unknown } from './shape-reader.js';

/** What {@link readEntry} found: the entry's clean copy, or where the value differs from an entry. @internal */
export type ReadEntryResult = { success: true; data: Entry } | { success: false; error: ShapeMismatch };

// The fields in EntrySchema's order, so a copy's keys come out in the order they always did.
const entryBase = {
  type: unknown,
  id: nonEmptyString,
  conversationId: nonEmptyString,
  // A whole number from 1 (`Number.isInteger` also refuses NaN and the infinities, as z.number() does).
  seq: /* @__PURE__ */ checked((value) => Number.isInteger(value) && (value as number) > 0, 'a positive whole number'),
  timestamp: string,
  parentId: /* @__PURE__ */ checked((value) => value === null || (typeof value === 'string' && value !== ''), 'null or a non-empty string'),
};
const entry = /* @__PURE__ */ oneOf('type', {
  message: /* @__PURE__ */ object({ ...entryBase, message: readMessage }),
  compaction: /* @__PURE__ */ object({
    ...entryBase,
    summary: string,
    firstKeptId: nonEmptyString,
    'tokensBefore?': /* @__PURE__ */ checked((value) => typeof value === 'number' && Number.isFinite(value) && value >= 0, 'a number from 0'),
  }),
});

/**
 * Reads a stored record as `EntrySchema.safeParse` does, without zod: the store reads every entry
 * it returns through this. The copy leaves out what is not part of an entry (the record's `tree`
 * and `search` bookkeeping).
 * @internal
 */
export function readEntry(value: unknown): ReadEntryResult {
  try {
    return { success: true, data: entry(value, []) as Entry };
  } catch (error) {
    if (error instanceof ShapeMismatch) return { success: false, error };
    throw error;
  }
}
