// Scenario 3: a newer build upgrades the database while an older tab has it open. The old tab
// must let go (a `closed` change, reason `version_change`, then `closed` errors, never a read of
// newer records), the new tab must open without hanging and find all the data, an open blocked
// by a tab that does not let go must call onBlocked (and reject with `blocked` on abort), and the
// old build must refuse the newer database with `database_too_new`.
// The newer build is simulated with newerBuildFactory (pages/newer-build-factory.ts).
import { describe, expect, it } from 'vitest';
import { DATABASE_VERSION } from '../../src/store/database/schema.js';
import { useBrowserSuite } from './support/browser-suite.js';

describe('scenario 3: upgrade with an old tab open', () => {
  const suite = useBrowserSuite('upgrade');

  it('closes the old tab on versionchange, opens the new one with all the data, and the old build then gets database_too_new', async () => {
    const oldTab = await suite.harness();
    const newTab = await suite.harness();
    const name = 'upgrade';
    const conversationId = await oldTab.evaluate(async (name) => {
      const { openStore, user, assistant } = window.reliability.convolog;
      const store = await openStore({ name });
      const { id } = await store.createConversation({ title: 'before the upgrade' });
      await store.append(id, [user('Remember this.'), assistant('I will.')]);
      const changes: unknown[] = [];
      store.subscribe((change) => changes.push(change));
      Object.assign(window, { oldStore: store, oldChanges: changes });
      return id;
    }, name);

    const opened = await newTab.evaluate(async ({ name, conversationId }) => {
      const { openStore } = window.reliability.convolog;
      let blocked = false;
      const store = await openStore({
        name, indexedDB: window.reliability.newerBuildFactory(), onBlocked: () => { blocked = true; }, signal: AbortSignal.timeout(20_000),
      });
      const entries = await store.entries(conversationId);
      const version = await new Promise<number>((resolve) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => { resolve(request.result.version); request.result.close(); };
      });
      store.close();
      return { blocked, texts: entries.map((entry) => (entry.type === 'message' ? entry.message.content : null)), version };
    }, { name, conversationId });
    expect(opened.blocked).toBe(false);
    // One above this build's version, as the next release would write.
    expect(opened.version).toBe(DATABASE_VERSION + 1);
    expect(opened.texts).toEqual(['Remember this.', [{ type: 'text', text: 'I will.' }]]);

    const old = await oldTab.evaluate(async (conversationId) => {
      const state = window as unknown as { oldStore: import('../../src/index.js').ConvologStore; oldChanges: unknown[] };
      const attempt = async (call: () => Promise<unknown>) => {
        try {
          await call();
          return { ok: true };
        } catch (error) {
          return window.reliability.describeError(error);
        }
      };
      return {
        changes: state.oldChanges,
        read: await attempt(() => state.oldStore.entries(conversationId)),
        write: await attempt(() => state.oldStore.append(conversationId, [window.reliability.convolog.user('too late')])),
        reopen: await attempt(() => window.reliability.convolog.openStore({ name: 'upgrade' })),
      };
    }, conversationId);
    expect(old.changes).toContainEqual({ type: 'closed', reason: 'version_change' });
    expect(old.read).toMatchObject({ code: 'closed', details: { reason: 'version_change' } });
    expect(old.write).toMatchObject({ code: 'closed', details: { reason: 'version_change' } });
    expect(old.reopen).toMatchObject({ code: 'database_too_new' });
    await oldTab.close();
    await newTab.close();
  });

  /** A database with one conversation, held open by a raw connection that ignores versionchange. */
  async function heldDatabase(name: string) {
    const holder = await suite.harness();
    await holder.evaluate(async (name) => {
      const { openStore, user } = window.reliability.convolog;
      const store = await openStore({ name });
      const { id } = await store.createConversation({ title: 'held' });
      await store.append(id, [user('still here')]);
      store.close();
      Object.assign(window, { held: await window.reliability.holdConnection(name) });
    }, name);
    return holder;
  }

  it('calls onBlocked when an old connection does not let go, and rejects with blocked when the signal aborts', async () => {
    const name = 'blocked-abort';
    const holder = await heldDatabase(name);
    const opener = await suite.harness();
    const aborted = await opener.evaluate(async (name) => {
      const { openStore } = window.reliability.convolog;
      let blockedCalls = 0;
      const controller = new AbortController();
      const started = performance.now();
      try {
        await openStore({
          name, indexedDB: window.reliability.newerBuildFactory(), signal: controller.signal,
          onBlocked: () => { blockedCalls++; setTimeout(() => controller.abort(), 200); },
        });
        return { blockedCalls, outcome: { ok: true } as const, milliseconds: performance.now() - started };
      } catch (error) {
        return { blockedCalls, outcome: window.reliability.describeError(error), milliseconds: performance.now() - started };
      }
    }, name);
    expect(aborted.blockedCalls).toBe(1);
    expect(aborted.outcome).toMatchObject({ code: 'blocked' });
    expect(aborted.milliseconds).toBeLessThan(10_000);
    await opener.close();
    await holder.close();
  });

  it('calls onBlocked and completes the upgrade, data intact, once the old connection closes', async () => {
    const name = 'blocked-wait';
    const holder = await heldDatabase(name);
    const opener = await suite.harness();
    const pending = opener.evaluate(async (name) => {
      const { openStore } = window.reliability.convolog;
      let blockedCalls = 0;
      const store = await openStore({
        name, indexedDB: window.reliability.newerBuildFactory(), onBlocked: () => { blockedCalls++; Object.assign(window, { blockedSeen: true }); },
      });
      const [conversation] = await store.listConversations();
      const entries = conversation === undefined ? [] : await store.entries(conversation.id);
      store.close();
      return { blockedCalls, entries: entries.length };
    }, name);
    // The open waits (it told onBlocked) for as long as the old connection stays.
    await opener.waitForFunction(() => (window as unknown as { blockedSeen?: boolean }).blockedSeen === true, undefined, { timeout: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await holder.evaluate(() => (window as unknown as { held: { close(): void } }).held.close());
    expect(await pending).toEqual({ blockedCalls: 1, entries: 1 });
    await opener.close();
    await holder.close();
  });
});
