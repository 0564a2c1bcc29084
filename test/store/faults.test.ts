import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import { isConvologError, type ConvologError } from '../../src/core/error.js';
import type { StoreChange } from '../../src/store/index.js';
import { faultyFactory, type FaultMode } from './faulty-factory.js';
import { codeOf, rejectionOf, storeFixture } from './store-fixture.js';

const stores = storeFixture();

async function faultyStore() {
  const faults = faultyFactory();
  const store = await stores.open({ indexedDB: faults.factory, IDBKeyRange });
  const { id } = await store.createConversation();
  await store.append(id, [user('before'), assistant('ok')]);
  return { faults, store, id };
}

describe('quota exceeded', () => {
  for (const mode of ['throw', 'abort_at_commit'] as FaultMode[]) {
    describe(`when a write ${mode === 'throw' ? 'throws' : 'aborts the transaction at commit'}`, () => {
      for (const nth of [1, 2, 3]) {
        it(`append throws quota_exceeded with nothing half-written (fault on write ${nth}), and the next append works`, async () => {
          const { faults, store, id } = await faultyStore();
          const changes: StoreChange[] = [];
          store.subscribe((change) => changes.push(change));
          faults.failWrite(nth, mode);
          const error = await rejectionOf(store.append(id, [user('a'), assistant([toolCall('c', 'f')])])) as ConvologError;
          expect(isConvologError(error, 'quota_exceeded')).toBe(true);
          expect(error.message).toMatch(/nothing was written/);
          expect(changes).toEqual([]);
          expect((await store.getConversation(id))?.lastSeq).toBe(2);
          expect(await store.entries(id)).toHaveLength(2);
          // Neither the entries nor the call id were kept: the same call id is still free.
          const entries = await store.append(id, [user('a'), assistant([toolCall('c', 'f')]), toolResult('c', 'f', 'r')]);
          expect(entries.map((entry) => entry.seq)).toEqual([3, 4, 5]);
        });
      }

      it('createConversation, appendCompaction and import write nothing either', async () => {
        const { faults, store, id } = await faultyStore();
        faults.failWrite(1, mode);
        expect(await codeOf(store.createConversation({ id: 'new' }))).toBe('quota_exceeded');
        expect(await store.getConversation('new')).toBeUndefined();
        const [first] = await store.entries(id);
        faults.failWrite(2, mode);
        expect(await codeOf(store.appendCompaction(id, { summary: 's', firstKeptId: first!.id }))).toBe('quota_exceeded');
        expect((await store.getConversation(id))?.lastSeq).toBe(2);
        const exported = await store.exportConversation(id);
        faults.failWrite(2, mode);
        expect(await codeOf(store.importConversation(exported))).toBe('quota_exceeded');
        expect(await store.listConversations()).toHaveLength(1);
      });
    });
  }
});
