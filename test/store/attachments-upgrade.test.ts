/// <reference types="vite/client" />
// Migration 5 (attachments, DESIGN §18) on databases written by 0.2's own code: schema 2
// (test/fixtures/store-0.2, scripts/build-v2-fixture.mjs) and schema 3 with 0.2's search index
// (test/fixtures/store-0.2-search, scripts/build-v3-fixture.mjs). Whether or not version 4 (the
// packed search index) exists in this build, every conversation opens intact, and attachments
// work on the old conversations at once.
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { user } from '../../src/core/constructors.js';
import { EntrySchema, type Entry } from '../../src/core/entry.js';
import { DATABASE_VERSION } from '../../src/store/database/schema.js';
import type { ConvologStore } from '../../src/store/index.js';
import v2Url from '../fixtures/store-0.2/v2-database.json.gz?inline';
import v3Url from '../fixtures/store-0.2-search/v3-database.json.gz?inline';
import { bytesOf } from './attachment-support.js';
import { loadDatabaseDump, writeDatabaseDump, type DatabaseDump } from './database-dump.js';
import { storeFixture } from './store-fixture.js';

interface Dump extends DatabaseDump { conversations: { id: string; title: string; lastSeq: number }[]; entries: Record<string, unknown>[] }

const stores = storeFixture();

/** Every conversation and every entry of the dump reads back as it was (the store's bookkeeping stripped). */
async function expectIntact(store: ConvologStore, dump: Dump): Promise<void> {
  expect((await store.listConversations()).map((conversation) => conversation.id).sort())
    .toEqual(dump.conversations.map((conversation) => conversation.id).sort());
  for (const { id, title, lastSeq } of dump.conversations) {
    expect(await store.getConversation(id)).toMatchObject({ title, lastSeq });
    const stored = dump.entries.filter((record) => record.conversationId === id).map((record) => EntrySchema.parse(record) as Entry);
    expect(await store.entries(id, { allBranches: true }), id).toEqual(stored);
  }
}

async function upgrade(url: string, version: number): Promise<{ store: ConvologStore; dump: Dump; name: string }> {
  const dump = await loadDatabaseDump<Dump>(url);
  expect(dump.version).toBe(version);
  const name = stores.name();
  await writeDatabaseDump(name, dump);
  return { store: await stores.open({ name }), dump, name };
}

describe('upgrading to attachments (schema 5)', { timeout: 120_000 }, () => {
  for (const [label, url, version] of [['schema 2 (0.2 before search)', v2Url, 2], ['schema 3 (0.2 with its search index)', v3Url, 3]] as const) {
    it(`opens a ${label} database with every conversation intact, and attachments work in its conversations`, async () => {
      const { store, dump, name } = await upgrade(url, version);
      await expectIntact(store, dump);
      const raw = await openDB(name);
      expect(raw.version).toBe(DATABASE_VERSION);
      expect([...raw.objectStoreNames]).toEqual(expect.arrayContaining(['attachments', 'attachmentChunks', 'attachmentRefs']));
      raw.close();
      const first = dump.conversations[0]!.id;
      const image = await store.putAttachment(bytesOf(2000), { mediaType: 'image/png' });
      await store.settle(first);
      await store.append(first, [user([{ type: 'image', source: image }])]);
      expect((await store.estimateStorage()).attachments).toBe(2000);
      await store.deleteConversation(first);
      expect((await store.estimateStorage()).attachments).toBe(0);
      store.close();
      // Reopened: the upgrade ran once, and what it kept is still there.
      const again = await stores.open({ name });
      await expectIntact(again, { ...dump, conversations: dump.conversations.slice(1) });
    });
  }
});
