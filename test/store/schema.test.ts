import { openDB, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import { isConvologError } from '../../src/core/error.js';
import { openStore, type StoreChange } from '../../src/store/index.js';
import { DATABASE_VERSION, MIGRATIONS } from '../../src/store/database/schema.js';
import { codeOf, rejectionOf, storeFixture } from './store-fixture.js';
import { wrapFactory } from './wrap-factory.js';

const stores = storeFixture();

/** Opens `name` at exactly `version` with only the migrations up to it, like that build did. */
function openAtVersion(name: string, version: number): Promise<IDBPDatabase<unknown>> {
  return openDB(name, version, {
    upgrade(database, oldVersion, _newVersion, transaction) {
      for (const migration of MIGRATIONS) {
        if (migration.version > oldVersion && migration.version <= version) {
          migration.migrate(database, transaction as unknown as IDBPTransaction<unknown, string[], 'versionchange'>);
        }
      }
    },
  });
}

describe('schema versions', () => {
  it('numbers its migrations in increasing order from 1 and writes the last one', () => {
    // Numbers may skip (attachments took 5 while the packed search index, 4, was built beside it).
    const versions = MIGRATIONS.map((migration) => migration.version);
    expect(versions[0]).toBe(1);
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
    expect(DATABASE_VERSION).toBe(versions.at(-1));
  });

  it('opens data written by schema version 1 intact and keeps appending to it', async () => {
    const name = stores.name();
    const raw = await openAtVersion(name, 1);
    const at = '2024-06-01T10:00:00.000Z';
    const messages = [user('q'), assistant([toolCall('c1', 'f')]), toolResult('c1', 'f', 'r'), user('kept'), assistant('a')];
    const transaction = raw.transaction(['conversations', 'entries', 'toolCalls'], 'readwrite');
    await transaction.objectStore('conversations').put({
      id: 'v1', title: 'from v1', createdAt: at, updatedAt: at, lastSeq: 6, keptFromSeq: 4, lastCompactionSeq: 6, windowStartSeq: 0,
    });
    for (const [index, message] of messages.entries()) {
      await transaction.objectStore('entries').put({ type: 'message', id: `e${index + 1}`, conversationId: 'v1', seq: index + 1, timestamp: at, message });
    }
    await transaction.objectStore('entries').put({
      type: 'compaction', id: 'e6', conversationId: 'v1', seq: 6, timestamp: at, summary: 'sum', firstKeptId: 'e4',
    });
    await transaction.objectStore('toolCalls').put({ conversationId: 'v1', toolCallId: 'c1', seq: 2 });
    await transaction.done;
    raw.close();

    const store = await stores.open({ name });
    expect(await store.getConversation('v1')).toEqual({ id: 'v1', title: 'from v1', createdAt: at, updatedAt: at, lastSeq: 6, headId: 'e6' });
    const entries = await store.entries('v1');
    expect(entries.map((entry) => entry.parentId)).toEqual([null, 'e1', 'e2', 'e3', 'e4', 'e5']);
    expect(await store.context('v1')).toEqual([{ role: 'user', content: '[Conversation summary]\nsum' }, user('kept'), assistant('a')]);
    expect(await codeOf(store.append('v1', [assistant([toolCall('c1', 'f')])]))).toBe('pairing');
    expect((await store.append('v1', [user('new')]))[0]!.seq).toBe(7);
  });

  it('refuses a database written by a newer build with database_too_new', async () => {
    const name = stores.name();
    const newer = await openDB(name, DATABASE_VERSION + 1);
    newer.close();
    const error = await rejectionOf(openStore({ name }));
    expect(isConvologError(error, 'database_too_new')).toBe(true);
    expect((error as Error).message).toMatch(/newer version/);
  });

  it('closes on versionchange when a newer build opens: a closed change, then closed errors', async () => {
    const name = stores.name();
    const store = await stores.open({ name });
    const { id } = await store.createConversation();
    const changes: StoreChange[] = [];
    store.subscribe((change) => changes.push(change));
    // The newer build is not blocked: this store let go of the database.
    const newer = await openDB(name, DATABASE_VERSION + 1);
    newer.close();
    expect(changes).toEqual([{ type: 'closed', reason: 'version_change' }]);
    const error = await rejectionOf(store.append(id, [user('x')]));
    expect(isConvologError(error, 'closed')).toBe(true);
    expect((error as { details?: unknown }).details).toEqual({ reason: 'version_change' });
  });

  it('calls onBlocked while another tab blocks the upgrade, and rejects with blocked when the signal aborts', async () => {
    const name = stores.name();
    const older = await openAtVersion(name, DATABASE_VERSION);
    // Keeps the old connection open and ignores versionchange, like a stuck tab.
    const newerBuild = wrapFactory(indexedDB, (databaseName) => indexedDB.open(databaseName, DATABASE_VERSION + 1));
    const controller = new AbortController();
    let blockedCalls = 0;
    const opening = openStore({
      name, indexedDB: newerBuild, IDBKeyRange, signal: controller.signal,
      onBlocked: () => {
        blockedCalls++;
        controller.abort();
      },
    });
    const error = await rejectionOf(opening);
    expect(blockedCalls).toBe(1);
    expect(isConvologError(error, 'blocked')).toBe(true);
    older.close();
  });
});
