// A bug in convolog during a pull (an IndexedDB DataError, `internal_error`) stops the pull like a
// storage failure does: the pulled entries are not skipped as a bad document, and the checkpoint
// does not move past them, so the next pull brings them. Against a real pouchdb-server.
import { describe, expect, it } from 'vitest';
import { assistant, user } from '../../src/core/constructors.js';
import { isConvologError } from '../../src/core/error.js';
import { toConvologError } from '../../src/store/database/to-convolog-error.js';
import type { ConvologStore } from '../../src/store/index.js';
import type { SyncEvent } from '../../src/sync/index.js';
import { useCouchServer } from './couch-server.js';
import { useDevices } from './devices.js';
import { syncOf, treeOf } from './sync-helpers.js';

const server = useCouchServer();
const device = useDevices();

/** The store, except that its first `mergeEntries` fails as a key range convolog built wrong would. */
function failingFirstMerge(store: ConvologStore): ConvologStore {
  let failed = false;
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'mergeEntries' || failed) return Reflect.get(target, property, receiver);
      return () => {
        failed = true;
        return Promise.reject(toConvologError(new DOMException('The parameter is not a valid key range.', 'DataError'), 'Merging entries'));
      };
    },
  });
}

describe('a bug in convolog while pulling', { timeout: 60_000 }, () => {
  it('rejects with internal_error, skips nothing, and the next pull brings the entries', async () => {
    const url = await server().database();
    const [laptop, phone] = [await device(), await device()];
    const { id } = await laptop.createConversation({ title: 'Trip' });
    await laptop.append(id, [user('Where to?'), assistant('Oslo.')]);
    await syncOf(laptop, url).once();
    const events: SyncEvent[] = [];
    const broken = syncOf(failingFirstMerge(phone), url);
    broken.subscribe((event) => events.push(event));
    const error = await broken.pull().then(() => undefined, (reason: unknown) => reason);
    expect(isConvologError(error, 'internal_error'), String(error)).toBe(true);
    expect(JSON.stringify(events)).not.toMatch(/skipped_document/);
    expect(await syncOf(phone, url).pull()).toMatchObject({ entries: 2 });
    expect(await treeOf(phone, id)).toEqual(await treeOf(laptop, id));
  });
});
