import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import { codeOf, sequentialIds, steppingClock, storeFixture } from './store-fixture.js';

const stores = storeFixture();

async function withConversation() {
  const store = await stores.open({ generateId: sequentialIds(), now: steppingClock() });
  const conversation = await store.createConversation({ title: 'Oslo', appData: { 'app.prompt': 'travel' } });
  const entries = await store.append(conversation.id, [user('q'), assistant([toolCall('c', 'f')]), toolResult('c', 'f', 'r'), user('more')]);
  const compaction = await store.appendCompaction(conversation.id, { summary: 's', firstKeptId: entries[3]!.id });
  return { store, id: conversation.id, entries: [...entries, compaction] };
}

describe('exportConversation', () => {
  it('gives the versioned export: header, conversation fields and every entry', async () => {
    const { store, id, entries } = await withConversation();
    const conversation = await store.getConversation(id);
    const exported = await store.exportConversation(id);
    expect(exported).toEqual({
      format: 'convolog.conversation', formatVersion: 3, exportedAt: '2025-01-01T00:00:04.000Z',
      conversation: {
        id, title: 'Oslo', createdAt: conversation!.createdAt, updatedAt: conversation!.updatedAt, headId: entries.at(-1)!.id,
        appData: { 'app.prompt': 'travel' },
      },
      entries,
    });
    expect(JSON.parse(JSON.stringify(exported))).toEqual(exported);
  });

  it('throws not_found for an unknown conversation', async () => {
    const store = await stores.open();
    expect(await codeOf(store.exportConversation('nope'))).toBe('not_found');
    expect(await codeOf(store.exportConversationJsonl('nope'))).toBe('not_found');
  });
});

describe('exportConversationJsonl', () => {
  it('writes line 1 without entries, then one entry per line, each line ending in a newline', async () => {
    const { store, id, entries } = await withConversation();
    const text = await store.exportConversationJsonl(id);
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.slice(0, -1).split('\n').map((line) => JSON.parse(line) as unknown);
    const { entries: _entries, ...header } = await store.exportConversation(id);
    expect(lines[0]).toEqual({ ...header, exportedAt: (lines[0] as { exportedAt: string }).exportedAt });
    expect(lines.slice(1)).toEqual(entries);
  });
});
