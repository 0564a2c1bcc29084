// A newer build upgrading the database while another tab holds it, in every engine (DESIGN §19):
// the other tab is a dedicated Worker with its own connection (tab.ts), so the versionchange,
// blocked and close events cross real connections of two realms, as between two tabs. The
// Chromium-only test/reliability/upgrade.test.ts does the same with Playwright pages;
// test/store/schema.test.ts covers the events between connections of one page.
import { openDB, type IDBPTransaction } from 'idb';
import { describe, expect, it } from 'vitest';
import { assistant, user } from '../../../src/core/constructors.js';
import { isConvologError } from '../../../src/core/error.js';
import { DATABASE_VERSION, MIGRATIONS } from '../../../src/store/database/schema.js';
import { openStore, type ConvologStore, type OpenStoreOptions, type StoreChange } from '../../../src/store/index.js';
import { rejectionOf, storeFixture } from '../store-fixture.js';
import { wrapFactory } from '../wrap-factory.js';
import { tabFixture, type Tab } from './tab.js';
import type { HeardChange } from './tab-protocol.js';

const stores = storeFixture();
const tabs = tabFixture();

/** openStore as the next build would: one version above this one's, its migrations adding nothing. */
function openAsNewerBuild(name: string, options: Partial<OpenStoreOptions> = {}): Promise<ConvologStore> {
  const factory = wrapFactory(indexedDB, (databaseName) => indexedDB.open(databaseName, DATABASE_VERSION + 1));
  return openStore({ name, indexedDB: factory, IDBKeyRange, ...options });
}

/** A database with one conversation of two messages, written by this build; returns its id. */
async function seeded(name: string): Promise<string> {
  const store = await openStore({ name });
  const { id } = await store.createConversation({ title: 'before the upgrade' });
  await store.append(id, [user('Remember this.'), user('And this.')]);
  store.close();
  return id;
}

/** A database as schema version 1's build left it: one conversation, two messages. */
async function seededAtVersion1(name: string): Promise<void> {
  const at = '2024-06-01T10:00:00.000Z';
  const raw = await openDB(name, 1, {
    upgrade(database, _oldVersion, _newVersion, transaction) {
      MIGRATIONS[0]!.migrate(database, transaction as unknown as IDBPTransaction<unknown, string[], 'versionchange'>);
    },
  });
  const transaction = raw.transaction(['conversations', 'entries'], 'readwrite');
  await transaction.objectStore('conversations').put({
    id: 'v1', title: 'from v1', createdAt: at, updatedAt: at, lastSeq: 2, keptFromSeq: 1, lastCompactionSeq: 0, windowStartSeq: 0,
  });
  for (const [index, message] of [user('asked in v1'), assistant('answered in v1')].entries()) {
    await transaction.objectStore('entries').put({ type: 'message', id: `e${index + 1}`, conversationId: 'v1', seq: index + 1, timestamp: at, message });
  }
  await transaction.done;
  raw.close();
}

/** A tab holding `name` open with a raw connection that ignores versionchange, as a stuck old tab. */
async function stuckTab(name: string, version = DATABASE_VERSION): Promise<Tab> {
  const tab = await tabs.start();
  expect(await tab.call<number>({ op: 'hold', name })).toBe(version);
  return tab;
}

/** An open blocked by another tab (as the next build, or as this one): resolves `blocked` on onBlocked. */
function blockedOpen(name: string, asNewerBuild = true) {
  let blockedCalls = 0;
  let onBlocked!: () => void;
  const blocked = new Promise<void>((resolve) => { onBlocked = resolve; });
  const options = { onBlocked: () => { blockedCalls++; onBlocked(); } };
  const opening = asNewerBuild ? openAsNewerBuild(name, options) : stores.open({ name, ...options });
  // Handled now: a test that fails before awaiting it must not also report an unhandled rejection.
  opening.catch(() => undefined);
  return { blocked, opening, blockedCalls: () => blockedCalls };
}

/** `promise`, or a failure naming what did not happen within 20 s (rather than the test's timeout). */
function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} did not happen within 20 s`)), 20_000); });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

async function closeAndCount(store: ConvologStore, id: string): Promise<number> {
  const entries = await store.entries(id);
  store.close();
  return entries.length;
}

describe.skipIf(typeof Worker === 'undefined')('a newer build upgrading while another tab has the database open', { timeout: 60_000 }, () => {
  it('the old tab lets go on versionchange (closed, version_change), the upgrade is not blocked, and the old build then gets database_too_new', async () => {
    const name = stores.name();
    const id = await seeded(name);
    const oldTab = await tabs.start();
    expect(await oldTab.call({ op: 'open', name })).toEqual({ blockedCalls: 0 });
    await oldTab.call({ op: 'append', conversationId: id, label: 'old tab', turns: 1, wave: 1 });

    let blockedCalls = 0;
    const newer = await within(openAsNewerBuild(name, { onBlocked: () => { blockedCalls++; } }), 'the upgrade with the old tab open');
    expect(blockedCalls).toBe(0);
    expect((await newer.entries(id)).map((entry) => entry.seq)).toEqual([1, 2, 3, 4]);
    expect(await oldTab.call<HeardChange[]>({ op: 'heard' })).toContainEqual({ type: 'closed', reason: 'version_change' });
    await expect(oldTab.call({ op: 'entries', conversationId: id })).rejects.toThrow(/closed/);
    // The old build, reopening (a reload of the old tab before its code updated), is refused.
    const reopened = await rejectionOf(stores.open({ name }));
    expect(isConvologError(reopened, 'database_too_new')).toBe(true);
    newer.close();
  });

  it('the other direction: a store in this page closes when a newer build opens in another tab', async () => {
    const name = stores.name();
    const id = await seeded(name);
    const old = await stores.open({ name });
    const changes: StoreChange[] = [];
    old.subscribe((change) => changes.push(change));
    const newTab = await tabs.start();
    expect(await newTab.call({ op: 'open', name, newer: true })).toEqual({ blockedCalls: 0 });
    expect(await newTab.call({ op: 'entries', conversationId: id })).toEqual([1, 2]);
    expect(changes).toContainEqual({ type: 'closed', reason: 'version_change' });
    const write = await rejectionOf(old.append(id, [user('too late')]));
    expect(isConvologError(write, 'closed') && write.details).toEqual({ reason: 'version_change' });
  });

  it('calls onBlocked while a stuck tab holds the database, then completes with the data intact once that tab closes its connection', async () => {
    const name = stores.name();
    const id = await seeded(name);
    const stuck = await stuckTab(name);
    const open = blockedOpen(name);
    await within(open.blocked, 'onBlocked');
    await stuck.call({ op: 'release' });
    const store = await within(open.opening, 'the upgrade after the stuck tab closed its connection');
    expect(open.blockedCalls()).toBe(1);
    expect(await closeAndCount(store, id)).toBe(2);
  });

  it('calls onBlocked while a stuck tab holds the database, then completes once that tab is closed (its worker ended)', async () => {
    const name = stores.name();
    const id = await seeded(name);
    const stuck = await stuckTab(name);
    const open = blockedOpen(name);
    await within(open.blocked, 'onBlocked');
    stuck.terminate();
    const store = await within(open.opening, 'the upgrade after the stuck tab\'s worker ended');
    expect(open.blockedCalls()).toBe(1);
    expect(await closeAndCount(store, id)).toBe(2);
  });

  it('this build opening a schema-1 database an old tab holds: onBlocked, then every migration runs once that tab closes, the old data readable and appendable', async () => {
    const name = stores.name();
    await seededAtVersion1(name);
    const stuck = await stuckTab(name, 1);
    const open = blockedOpen(name, false);
    await within(open.blocked, 'onBlocked');
    await stuck.call({ op: 'release' });
    const store = await within(open.opening, 'the migrations after the old tab closed its connection');
    expect(open.blockedCalls()).toBe(1);
    expect(await store.context('v1')).toEqual([user('asked in v1'), assistant('answered in v1')]);
    expect((await store.append('v1', [user('asked after the upgrade')]))[0]).toMatchObject({ seq: 3, parentId: 'e2' });
    const raw = await openDB(name);
    expect(raw.version).toBe(DATABASE_VERSION);
    raw.close();
  });
});
