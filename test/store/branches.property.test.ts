import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { branchPath } from '../../src/core/branch-path.js';
import { buildContext } from '../../src/core/build-context.js';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import type { Entry } from '../../src/core/entry.js';
import { forksOf } from '../../src/core/forks-of.js';
import type { Message } from '../../src/core/message.js';
import { newestLeaf } from '../../src/core/newest-leaf.js';
import { settle } from '../../src/core/settle.js';
import { validate } from '../../src/core/validate.js';
import type { ConvologStore } from '../../src/store/index.js';
import { codeOf, storeFixture } from './store-fixture.js';

const stores = storeFixture();

// Each run opens a database and does up to 30 writes: kept small, the suite also runs in Chromium.
const RUNS = { numRuns: 40 };

type Action =
  | { kind: 'append'; where: 'head' | 'entry' | 'root'; pick: number; template: number }
  | { kind: 'checkout'; pick: number }
  | { kind: 'compact'; pick: number; onHead: boolean }
  | { kind: 'settle' };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('append' as const), where: fc.constantFrom('head' as const, 'head' as const, 'entry' as const, 'root' as const), pick: fc.nat(), template: fc.nat({ max: 7 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('checkout' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('compact' as const), pick: fc.nat(), onHead: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('settle' as const) }) },
);

/** The simple model: every entry in write order, and the head. */
class Model {
  readonly entries: Entry[] = [];
  head: string | null = null;
  private calls = 0;

  path(leafId: string | null): Entry[] {
    return leafId === null ? [] : branchPath(this.entries, leafId);
  }

  messagesOf(path: readonly Entry[]): Message[] {
    return path.flatMap((entry) => (entry.type === 'message' ? [entry.message] : []));
  }

  leaves(): Entry[] {
    const parents = new Set(this.entries.map((entry) => entry.parentId));
    return this.entries.filter((entry) => !parents.has(entry.id));
  }

  allCallIds(): string[] {
    return this.entries.flatMap((entry) => entry.type === 'message' && entry.message.role === 'assistant'
      ? entry.message.content.flatMap((block) => (block.type === 'tool_call' ? [block.id] : [])) : []);
  }

  /** A batch from a template, aimed at the window of the branch it extends (some on purpose refused). */
  batch(template: number, parentPath: readonly Entry[], pick: number): Message[] {
    const pending = settle(this.messagesOf(parentPath)).messages.slice(this.messagesOf(parentPath).length) as Extract<Message, { role: 'tool' }>[];
    const fresh = () => `c${++this.calls}`;
    switch (template) {
      case 0: return [user('u')];
      case 1: return [assistant('a')];
      case 2: return [assistant([toolCall(fresh(), 'f'), ...(pick % 2 === 0 ? [toolCall(fresh(), 'g')] : [])])];
      case 3: return pending.length === 0 ? [user('u'), assistant('a')] : pending.map((result) => toolResult(result.toolCallId, result.toolName, 'ok'));
      case 4: return pending.length === 0 ? [user('u')] : [toolResult(pending[0]!.toolCallId, pending[0]!.toolName, 'first')];
      case 5: {
        const ids = this.allCallIds();
        return ids.length === 0 ? [user('u')] : [toolResult(ids[pick % ids.length]!, 'f', 'stray')];
      }
      case 6: {
        const ids = this.allCallIds();
        return ids.length === 0 ? [assistant('a')] : [assistant([toolCall(ids[pick % ids.length]!, 'f')])];
      }
      default: return [user('u'), assistant('a')];
    }
  }

  /** Whether the store must accept `batch` under the branch `parentPath`: that branch stays resumable, call ids stay unique. */
  accepts(parentPath: readonly Entry[], batch: readonly Message[]): boolean {
    if (validate([...this.messagesOf(parentPath), ...batch], 'resumable').length > 0) return false;
    const taken = new Set(this.allCallIds());
    return !batch.some((message) => message.role === 'assistant' && message.content.some((block) => block.type === 'tool_call' && taken.has(block.id)));
  }
}

async function step(store: ConvologStore, id: string, model: Model, next: Action): Promise<void> {
  const count = model.entries.length;
  if (next.kind === 'checkout') {
    if (count === 0) return;
    const target = model.entries[next.pick % count]!;
    const conversation = await store.checkout(id, target.id);
    model.head = newestLeaf(model.entries, target.id).id;
    expect(conversation.headId).toBe(model.head);
    return;
  }
  if (next.kind === 'settle') {
    const before = model.messagesOf(model.path(model.head));
    const written = await store.settle(id);
    expect(written.map((entry) => entry.message)).toEqual(settle(before).messages.slice(before.length));
    for (const entry of written) model.entries.push(entry);
    if (written.length > 0) model.head = written.at(-1)!.id;
    return;
  }
  if (next.kind === 'compact') {
    const users = model.entries.filter((entry) => entry.type === 'message' && entry.message.role === 'user');
    if (users.length === 0 || model.head === null) return;
    const headPath = model.path(model.head);
    const candidates = next.onHead ? users.filter((entry) => headPath.includes(entry)) : users;
    const kept = candidates[next.pick % Math.max(1, candidates.length)];
    if (kept === undefined) return;
    if (!headPath.includes(kept)) {
      expect(await codeOf(store.appendCompaction(id, { summary: 's', firstKeptId: kept.id }))).toBe('invalid_cut');
      return;
    }
    const compaction = await store.appendCompaction(id, { summary: `s${count}`, firstKeptId: kept.id });
    expect(compaction.parentId).toBe(model.head);
    model.entries.push(compaction);
    model.head = compaction.id;
    return;
  }
  const parentId = next.where === 'head' || count === 0 ? model.head : next.where === 'root' ? null : model.entries[next.pick % count]!.id;
  const parentPath = model.path(parentId);
  const batch = model.batch(next.template, parentPath, next.pick);
  const options = next.where === 'head' ? {} : { parentId };
  if (!model.accepts(parentPath, batch)) {
    expect(await codeOf(store.append(id, batch, options))).toBe('pairing');
    expect((await store.getConversation(id))!.lastSeq).toBe(count);
    return;
  }
  const written = await store.append(id, batch, options);
  expect(written[0]!.parentId).toBe(parentId);
  for (const entry of written) model.entries.push(entry);
  model.head = written.at(-1)!.id;
}

async function checkTree(store: ConvologStore, id: string, model: Model): Promise<void> {
  const all = await store.entries(id, { allBranches: true });
  expect(all.map((entry) => entry.seq)).toEqual(all.map((_, index) => index + 1));
  expect(all).toEqual(model.entries);
  expect(await store.forks(id)).toEqual(forksOf(model.entries));
  for (const leaf of model.leaves()) {
    const path = branchPath(model.entries, leaf.id);
    expect(await store.entries(id, { leafId: leaf.id })).toEqual(path);
    expect(validate(model.messagesOf(path), 'resumable')).toEqual([]);
    expect(await store.context(id, { leafId: leaf.id })).toEqual(buildContext(path));
  }
  // Every branch becomes sendable once settled.
  for (const leaf of model.leaves()) {
    const settled = await store.settle(id, { leafId: leaf.id });
    const leafId = settled.at(-1)?.id ?? leaf.id;
    expect(validate(await store.context(id, { leafId }), 'sendable')).toEqual([]);
  }
}

describe('branches against an in-memory model of the tree', { timeout: 600_000 }, () => {
  it('keeps every branch resumable, every settled context sendable, seqs contiguous and the head a leaf', async () => {
    await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 30 }), async (actions) => {
      const store = await stores.open();
      const { id } = await store.createConversation();
      const model = new Model();
      try {
        for (const next of actions) {
          await step(store, id, model, next);
          const conversation = await store.getConversation(id);
          expect(conversation!.headId).toBe(model.head);
          if (model.head !== null) expect(model.entries.some((entry) => entry.parentId === model.head)).toBe(false);
        }
        await checkTree(store, id, model);
      } finally {
        store.close();
      }
    }), RUNS);
  });
});
