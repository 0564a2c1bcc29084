import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildContext, SUMMARY_PREFIX } from '../../src/core/build-context.js';
import { buildCompactionDigest } from '../../src/core/compaction-digest.js';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import type { CompactionEntry, Entry, MessageEntry } from '../../src/core/entry.js';
import { keptTail } from '../../src/core/kept-tail.js';
import type { AssistantBlock, Message } from '../../src/core/message.js';
import { planCut } from '../../src/core/plan-cut.js';
import { validate } from '../../src/core/validate.js';

// Kept small: the suite also runs in Chromium.
const RUNS = { numRuns: 200 };

type Step =
  | { kind: 'user'; size: number }
  | { kind: 'text'; size: number }
  | { kind: 'tools'; order: number[]; names: string[]; sizes: number[]; withText: boolean };

const size = fc.integer({ min: 1, max: 400 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('user' as const), size }), weight: 2 },
  fc.record({ kind: fc.constant('text' as const), size }),
  fc.integer({ min: 1, max: 3 }).chain((count) => fc.record({
    kind: fc.constant('tools' as const),
    order: fc.shuffledSubarray([...Array(count).keys()], { minLength: count, maxLength: count }),
    names: fc.array(fc.constantFrom('get_weather', 'search', 'read_file'), { minLength: count, maxLength: count }),
    sizes: fc.array(size, { minLength: count, maxLength: count }),
    withText: fc.boolean(),
  })),
);
const steps = fc.array(step, { maxLength: 24 });
// Mostly budgets below a history's size (a cut happens), sometimes above it (null).
const budget = fc.oneof({ arbitrary: fc.integer({ min: 0, max: 250 }), weight: 4 }, { arbitrary: fc.integer({ min: 0, max: 3_000 }), weight: 1 });

/** A valid, sendable history: every call answered in the run right after it, in any order. */
function buildHistory(plan: readonly Step[], idPrefix: string): Message[] {
  const history: Message[] = [];
  let nextId = 0;
  for (const item of plan) {
    if (item.kind === 'user') history.push(user(`question ${'q'.repeat(item.size)}`));
    if (item.kind === 'text') history.push(assistant(`answer ${'a'.repeat(item.size)}`));
    if (item.kind !== 'tools') continue;
    const calls = item.names.map((name) => toolCall(`${idPrefix}${nextId++}`, name, { n: nextId }));
    const blocks: AssistantBlock[] = item.withText ? [{ type: 'text', text: 'Let me check.' }, ...calls] : calls;
    history.push(assistant(blocks));
    for (const index of item.order) {
      const call = calls[index]!;
      history.push(toolResult(call.id, call.name, `result ${'r'.repeat(item.sizes[index]!)}`));
    }
  }
  return history;
}

class Log {
  readonly entries: Entry[] = [];

  add(messages: readonly Message[]): MessageEntry[] {
    return messages.map((message) => {
      const entry: MessageEntry = { type: 'message', ...this.base('m'), message };
      this.entries.push(entry);
      return entry;
    });
  }

  compact(summary: string, firstKeptId: string): CompactionEntry {
    const entry: CompactionEntry = { type: 'compaction', ...this.base('k'), summary, firstKeptId };
    this.entries.push(entry);
    return entry;
  }

  private base(prefix: string) {
    const seq = this.entries.length + 1;
    const parentId = this.entries.at(-1)?.id ?? null;
    return { id: `${prefix}${seq}`, conversationId: 'c', seq, timestamp: new Date(seq * 1000).toISOString(), parentId };
  }
}

// Hundreds of generated cases per property: a loaded machine must not fail them on the default 5 s.
describe('compaction properties', { timeout: 60_000 }, () => {
  it('generates sendable histories', () => {
    fc.assert(fc.property(steps, (plan) => {
      expect(validate(buildHistory(plan, 'call_'), 'sendable')).toEqual([]);
    }), RUNS);
  });

  it('planCut returns null or the index of a user message after the first', () => {
    fc.assert(fc.property(steps, budget, (plan, tailTokens) => {
      const history = buildHistory(plan, 'call_');
      const cut = planCut(history, tailTokens);
      if (cut === null) return;
      expect(Number.isInteger(cut)).toBe(true);
      expect(cut).toBeGreaterThan(0);
      expect(cut).toBeLessThan(history.length);
      expect(history[cut]!.role).toBe('user');
      // Nothing before the cut is needed to answer a call kept after it.
      expect(validate(history.slice(cut), 'sendable')).toEqual([]);
    }), RUNS);
  });

  it('a bigger budget never moves the cut later', () => {
    fc.assert(fc.property(steps, budget, budget, (plan, first, second) => {
      const history = buildHistory(plan, 'call_');
      const smaller = Math.min(first, second);
      const bigger = Math.max(first, second);
      // No cut keeps everything, as a cut at index 0 would.
      expect(planCut(history, bigger) ?? 0).toBeLessThanOrEqual(planCut(history, smaller) ?? 0);
    }), RUNS);
  });

  it('buildContext of a log compacted at a planned cut, then continued and compacted again, is sendable', () => {
    fc.assert(fc.property(steps, steps, budget, budget, (before, after, firstBudget, secondBudget) => {
      const log = new Log();
      const early = log.add(buildHistory(before, 'early_'));
      const firstCut = planCut(early.map((entry) => entry.message), firstBudget);
      if (firstCut !== null) log.compact('first summary', early[firstCut]!.id);
      const late = log.add(buildHistory(after, 'late_'));

      const context = buildContext(log.entries);
      expect(validate(context, 'sendable')).toEqual([]);
      const kept = [...(firstCut === null ? early : early.slice(firstCut)), ...late].map((entry) => entry.message);
      expect(context).toEqual(firstCut === null ? kept : [{ role: 'user', content: `${SUMMARY_PREFIX}first summary` }, ...kept]);

      // The store's next compaction plans over the kept tail and names the entry at the cut.
      const tail = keptTail(log.entries).entries;
      const secondCut = planCut(tail.map((entry) => entry.message), secondBudget);
      if (secondCut === null) return;
      log.compact('second summary', tail[secondCut]!.id);
      const recompacted = buildContext(log.entries);
      expect(validate(recompacted, 'sendable')).toEqual([]);
      expect(recompacted[0]).toEqual({ role: 'user', content: `${SUMMARY_PREFIX}second summary` });
      expect(recompacted.slice(1)).toEqual(tail.slice(secondCut).map((entry) => entry.message));
    }), RUNS);
  });

  it('the digest of what a cut folds away carries every tool call it contains', () => {
    fc.assert(fc.property(steps, budget, (plan, tailTokens) => {
      const history = buildHistory(plan, 'call_');
      const cut = planCut(history, tailTokens);
      if (cut === null) return;
      const folded = history.slice(0, cut);
      const digest = buildCompactionDigest(folded);
      const calls = folded.flatMap((message) => (message.role === 'assistant' ? message.content : []))
        .filter((block) => block.type === 'tool_call');
      const lines = (digest ?? '').split('\n').filter((line) => line.startsWith('→ '));
      expect(lines).toHaveLength(calls.length);
      // Every call here is answered, so every line carries a result.
      for (const line of lines) expect(line).toContain(') = result ');
    }), RUNS);
  });
});
