// Not a test file: what the two-device sync tests compare — the tree a device holds, independent
// of the local seqs each device gave the entries in its own arrival order.
import { expect } from 'vitest';
import { branchPath } from '../../src/core/branch-path.js';
import type { Entry } from '../../src/core/entry.js';
import { validate } from '../../src/core/validate.js';
import type { ConvologStore } from '../../src/store/index.js';
import { createCouchSync, type CouchSync, type CouchSyncOptions } from '../../src/sync/index.js';
import type { SyncStore } from '../../src/sync/sync-store.js';

/** A sync client for a device (the store is a full ConvologStore). */
export function syncOf(store: ConvologStore, url: string, options: Partial<CouchSyncOptions> = {}): CouchSync {
  return createCouchSync(store as SyncStore, { url, ...options });
}

/** A conversation's tree without local seqs: one line per entry, sorted. */
export async function treeOf(store: ConvologStore, conversationId: string): Promise<string[]> {
  const entries = await store.entries(conversationId, { allBranches: true });
  return entries.map(({ seq: _seq, ...rest }) => JSON.stringify(rest)).sort();
}

/** Every conversation's tree and metadata, keyed by id. */
export async function everything(store: ConvologStore): Promise<Record<string, { title: string; createdAt: string; tree: string[] }>> {
  const result: Record<string, { title: string; createdAt: string; tree: string[] }> = {};
  for (const conversation of await store.listConversations({ limit: 1000 })) {
    result[conversation.id] = { title: conversation.title, createdAt: conversation.createdAt, tree: await treeOf(store, conversation.id) };
  }
  return result;
}

/** Every leaf of the tree. */
export function leavesOf(entries: readonly Entry[]): Entry[] {
  const parents = new Set(entries.map((entry) => entry.parentId));
  return entries.filter((entry) => !parents.has(entry.id));
}

/** Asserts that every branch of the conversation is `resumable`, and that seqs are 1..n with parents before children. */
export async function expectWellFormed(store: ConvologStore, conversationId: string): Promise<void> {
  const entries = await store.entries(conversationId, { allBranches: true });
  expect(entries.map((entry) => entry.seq)).toEqual(entries.map((_, index) => index + 1));
  const seqOf = new Map(entries.map((entry) => [entry.id, entry.seq]));
  for (const entry of entries) if (entry.parentId !== null) expect(seqOf.get(entry.parentId)!).toBeLessThan(entry.seq);
  for (const leaf of leavesOf(entries)) {
    const path = branchPath(entries, leaf.id);
    const messages = path.flatMap((entry) => (entry.type === 'message' ? [entry.message] : []));
    expect(validate(messages, 'resumable'), `branch ending at ${leaf.id}`).toEqual([]);
  }
  const conversation = await store.getConversation(conversationId);
  if (entries.length > 0) expect(leavesOf(entries).map((leaf) => leaf.id)).toContain(conversation!.headId);
}
