import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EntrySchema } from '../../src/core/entry.js';
import { readEntry } from '../../src/core/read-entry.js';
import { ShapeMismatch } from '../../src/core/shape-reader.js';
import { nearlyValid, validMessage } from '../support/message-arbitrary.js';

const base = { id: 'e1', conversationId: 'c1', seq: 3, timestamp: '2026-01-01T00:00:00.000Z', parentId: 'e0' };
const messageEntry = { type: 'message', ...base, message: { role: 'user', content: 'hi' } };

const id = fc.oneof(fc.constantFrom('e1', 'c1', ''), fc.uuid());
const entryBase = {
  id, conversationId: id, seq: fc.oneof(fc.integer({ min: 1 }), fc.constantFrom(0, 1.5, 2 ** 53)), timestamp: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  parentId: fc.option(id, { nil: null }),
};
/** Stored records: entries of both kinds with the record's own bookkeeping (`tree`, `search`) beside them. */
const validRecord = fc.oneof(
  fc.record({ type: fc.constant('message'), ...entryBase, message: validMessage, tree: fc.constant({ line: 1 }) }),
  fc.record({
    type: fc.constant('compaction'), ...entryBase, summary: fc.string(), firstKeptId: id,
    tokensBefore: fc.oneof(fc.nat(), fc.constantFrom(0.5, -1)), search: fc.constant([['hi', 1, 3]]),
  }, { requiredKeys: ['type', 'id', 'conversationId', 'seq', 'timestamp', 'parentId', 'summary', 'firstKeptId'] }),
);

describe('readEntry', () => {
  it('returns a copy without the record\'s bookkeeping, its keys in the schema\'s order', () => {
    const read = readEntry({ search: [['hi', 1, 3]], ...messageEntry, tree: { line: 1 } });
    expect(read).toStrictEqual({ success: true, data: messageEntry });
    expect(read.success && Object.keys(read.data)).toStrictEqual(Object.keys(messageEntry));
  });

  it('says where a record differs from an entry', () => {
    const read = readEntry({ ...messageEntry, message: { role: 'user', content: [{ type: 'text', text: 1 }] } });
    expect(read.success).toBe(false);
    if (read.success) return;
    expect(read.error).toBeInstanceOf(ShapeMismatch);
    expect(read.error.path).toStrictEqual(['message', 'content', 0, 'text']);
    expect(read.error.message).toBe('message.content[0].text: expected string, received number');
    expect(readEntry({ ...messageEntry, type: 'note' })).toMatchObject({ success: false, error: { path: ['type'] } });
    expect(readEntry({ ...messageEntry, seq: 0 })).toMatchObject({ success: false, error: { path: ['seq'] } });
    expect(readEntry('not a record')).toMatchObject({ success: false, error: { path: [] } });
  });

  it('accepts and refuses exactly what EntrySchema does, and returns the same copies', { timeout: 60_000 }, () => {
    const outcomes = { accepted: 0, refused: 0 };
    fc.assert(fc.property(nearlyValid(validRecord), (record) => {
      const expected = EntrySchema.safeParse(record);
      const read = readEntry(record);
      expect(read.success).toBe(expected.success);
      if (expected.success && read.success) expect(read.data).toStrictEqual(expected.data);
      outcomes[expected.success ? 'accepted' : 'refused'] += 1;
    }), { numRuns: 1500 });
    // Both sides of the line are exercised, not only one.
    expect(Math.min(outcomes.accepted, outcomes.refused)).toBeGreaterThan(200);
  });
});
