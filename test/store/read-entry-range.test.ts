import { describe, expect, it } from 'vitest';
import { user } from '../../src/core/constructors.js';
import { isConvologError, type ConvologError } from '../../src/core/error.js';
import type { CorruptEntry } from '../../src/store/index.js';
import { codeOf, corruptEntry, rejectionOf, storeFixture } from './store-fixture.js';

const stores = storeFixture();

async function withCorruptEntry() {
  const name = stores.name();
  const store = await stores.open({ name });
  const { id } = await store.createConversation();
  await store.append(id, [user('one'), user('two'), user('three')]);
  await corruptEntry(name, id, 2);
  return { store, id };
}

describe('corrupt records', () => {
  it('entries throws corrupt_entry naming the seq', async () => {
    const { store, id } = await withCorruptEntry();
    const error = await rejectionOf(store.entries(id)) as ConvologError;
    expect(isConvologError(error, 'corrupt_entry')).toBe(true);
    expect(error.details).toEqual({ conversationId: id, seq: 2 });
    expect(error.message).toContain('seq 2');
  });

  it('with onCorrupt, entries skips and reports them, never silently', async () => {
    const { store, id } = await withCorruptEntry();
    const reported: CorruptEntry[] = [];
    const entries = await store.entries(id, { onCorrupt: (corrupt) => reported.push(corrupt) });
    expect(entries.map((entry) => entry.seq)).toEqual([1, 3]);
    expect(reported.map((corrupt) => corrupt.seq)).toEqual([2]);
    expect(reported[0]!.error).toBeDefined();
  });

  it('context and export refuse rather than drop it', async () => {
    const { store, id } = await withCorruptEntry();
    expect(await codeOf(store.context(id))).toBe('corrupt_entry');
    expect(await codeOf(store.exportConversation(id))).toBe('corrupt_entry');
  });
});
