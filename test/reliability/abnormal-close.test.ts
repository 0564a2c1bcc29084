// Scenario 5: the connection is closed under the store. The store must report it and open a
// fresh connection on the next call, never retry the dead one.
// - Node, fake-indexeddb: forceCloseDatabase, the spec's "closed abnormally" (the `close` event).
// - Chromium: clearing the site's IndexedDB from DevTools (CDP Storage.clearDataForOrigin), which
//   closes live connections abnormally and deletes the database, as Chromium does to a database it
//   finds corrupt mid-session: the reconnect restores the journal (OPFS is not cleared).
// - Chromium, Firefox and WebKit: deleting the database from another tab is a `versionchange` (newVersion null):
//   the store closes with reason `version_change` and later calls throw `closed` (DESIGN §6,
//   deleteStore's contract).
import { describe, expect, it } from 'vitest';
import { watchedFactory } from '../support/watched-factory.js';
import { useBrowserSuite } from './support/browser-suite.js';
import { openHarness } from './support/harness-page.js';
import { lendIndexedDbGlobals } from './support/lend-globals.js';
import { PAGE_ENGINE } from './support/page-engine.js';

describe('scenario 5: abnormal close', () => {
  // Node alone: it runs in the `reliability` project, not again beside Firefox or WebKit.
  it.skipIf(PAGE_ENGINE !== 'chromium')('Node / fake-indexeddb: forceCloseDatabase → a closed change (terminated), then the next calls work on a fresh connection', async () => {
    // Imported here only: the e2e project has no fake-indexeddb setup.
    const fake = await import('fake-indexeddb');
    const { IDBFactory, IDBKeyRange, forceCloseDatabase } = fake;
    const { openStore, user, isConvologError } = await import('../../src/index.js');
    // idb's wrap tests `instanceof IDBRequest` & co. against globals; without them a custom factory
    // fails (see custom-factory.test.ts). Lend them for this test only.
    const restore = lendIndexedDbGlobals(fake as unknown as Record<string, unknown>);
    try {
      const { factory, connections } = watchedFactory(new IDBFactory());
      const store = await openStore({ name: 'abnormal', indexedDB: factory, IDBKeyRange });
      const changes: unknown[] = [];
      store.subscribe((change) => changes.push(change));
      const { id } = await store.createConversation({ title: 'before' });
      await store.append(id, [user('one')]);
      expect(connections).toHaveLength(1);

      forceCloseDatabase(connections[0] as never);
      expect(changes).toContainEqual({ type: 'closed', reason: 'terminated' });

      let failure: unknown;
      try {
        await store.append(id, [user('two')]);
      } catch (error) {
        failure = error;
      }
      // One call may fail while the dead connection is noticed, but only with a ConvologError.
      if (failure !== undefined) expect(isConvologError(failure)).toBe(true);
      await store.append(id, [user('three')]);
      const texts = (await store.entries(id)).map((entry) => (entry.type === 'message' ? entry.message.content : null));
      expect(texts).toEqual(failure === undefined ? ['one', 'two', 'three'] : ['one', 'three']);
      expect(connections).toHaveLength(2);
      store.close();
      // close() finishes on a later tick, through idb, which still needs the lent globals.
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      restore();
    }
  });

  describe(`in ${{ chromium: 'Chromium', firefox: 'Firefox', webkit: 'WebKit' }[PAGE_ENGINE]}`, () => {
    const suite = useBrowserSuite('abnormal-close');
    // Chromium-only: CDP Storage.clearDataForOrigin; WebDriver BiDi has no way to clear an origin's
    // IndexedDB under live connections (its storage module deletes cookies only), and classic
    // WebDriver (WebKit) none at all.
    const clearing = it.skipIf(PAGE_ENGINE !== 'chromium');

    clearing('clearing the site\'s IndexedDB closes the connection abnormally: the store reports it, and its reconnect restores the journal and says so', async () => {
      const page = await openHarness(suite.chromium.context, suite.server.origin);
      await page.evaluate(async () => {
        const { openStore, user } = window.reliability.convolog;
        const store = await openStore({ name: 'cleared' });
        const changes: unknown[] = [];
        store.subscribe((change) => changes.push(change));
        const { id } = await store.createConversation({ title: 'doomed' });
        await store.append(id, [user('soon gone')]);
        Object.assign(window, { clearedStore: store, clearedChanges: changes });
      });
      const session = await page.context().newCDPSession(page);
      await session.send('Storage.clearDataForOrigin', { origin: new URL(page.url()).origin, storageTypes: 'indexeddb' });
      await page.waitForFunction(() => (window as unknown as { clearedChanges: { type: string }[] }).clearedChanges.some((change) => change.type === 'closed'), undefined, { timeout: 20_000 });
      const after = await page.evaluate(async () => {
        const { user } = window.reliability.convolog;
        const { clearedStore: store, clearedChanges: changes } = window as unknown as { clearedStore: import('../../src/index.js').ConvologStore; clearedChanges: unknown[] };
        const listed = await store.listConversations();
        const { id } = await store.createConversation({ title: 'after' });
        const written = await store.append(id, [user('still working')]);
        store.close();
        return { changes, listed: listed.length, seqs: written.map((entry) => entry.seq) };
      });
      expect(after.changes).toContainEqual({ type: 'closed', reason: 'terminated' });
      // What Chromium does to a database it finds corrupt mid-session (DESIGN §21): the journal in
      // OPFS (not cleared) brings the chat back before the reconnect answers any call.
      expect(after.listed).toBe(1);
      expect(after.changes).toContainEqual(expect.objectContaining({ type: 'database_reset', report: expect.objectContaining({ reset: true, restored: { conversations: 1, entries: 1, attachments: 0 } }) }));
      expect(after.seqs).toEqual([1]);
    });

    clearing('with two tabs open, the restore holds the other tab\'s last writes too, though its journal worker held them in its live file', async () => {
      const first = await openHarness(suite.chromium.context, suite.server.origin);
      const second = await openHarness(suite.chromium.context, suite.server.origin);
      const open = (page: typeof first, title: string) => page.evaluate(async (title) => {
        const { openStore, user } = window.reliability.convolog;
        const store = await openStore({ name: 'two-tabs-dropped' });
        const { id } = await store.createConversation({ title });
        await store.append(id, [user(`written in ${title}`)]);
        Object.assign(window, { droppedStore: store });
      }, title);
      await open(first, 'first tab');
      await open(second, 'second tab'); // both in each tab's live file, held by its worker
      const session = await first.context().newCDPSession(first);
      await session.send('Storage.clearDataForOrigin', { origin: new URL(first.url()).origin, storageTypes: 'indexeddb' });
      const titles = (page: typeof first) => page.evaluate(async () => {
        const store = (window as unknown as { droppedStore: import('../../src/index.js').ConvologStore }).droppedStore;
        const list = () => store.listConversations().then((conversations) => conversations.map((conversation) => conversation.title).sort());
        return list().catch(list); // the call that meets the dead connection may fail
      });
      expect(await titles(first)).toEqual(['first tab', 'second tab']);
      expect(await titles(second)).toEqual(['first tab', 'second tab']);
    });

    it('deleting the database from another tab closes the store with version_change; later calls throw closed', async () => {
      const owner = await suite.harness();
      const other = await suite.harness();
      await owner.evaluate(async () => {
        const { openStore, user } = window.reliability.convolog;
        const store = await openStore({ name: 'deleted' });
        const changes: unknown[] = [];
        store.subscribe((change) => changes.push(change));
        const { id } = await store.createConversation({ title: 'doomed' });
        await store.append(id, [user('soon gone')]);
        Object.assign(window, { deletedStore: store, deletedChanges: changes, deletedId: id });
      });
      const deleted = await other.evaluate(async () => {
        let blocked = false;
        await window.reliability.convolog.deleteStore({ name: 'deleted', onBlocked: () => { blocked = true; } });
        return { blocked };
      });
      expect(deleted.blocked).toBe(false);
      const after = await owner.evaluate(async () => {
        const { deletedStore: store, deletedChanges: changes, deletedId: id } = window as unknown as { deletedStore: import('../../src/index.js').ConvologStore; deletedChanges: unknown[]; deletedId: string };
        try {
          await store.entries(id);
          return { changes, failure: undefined };
        } catch (error) {
          return { changes, failure: window.reliability.describeError(error) };
        }
      });
      expect(after.changes).toContainEqual({ type: 'closed', reason: 'version_change' });
      expect(after.failure).toMatchObject({ code: 'closed', details: { reason: 'version_change' } });
    });
  });
});
