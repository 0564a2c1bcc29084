import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import { dropOrphans } from '../../src/core/drop-orphans.js';
import type { HistoryIssue, ValidationMode } from '../../src/core/history-issue.js';
import type { AssistantBlock, Message, ToolCallBlock } from '../../src/core/message.js';
import { settle } from '../../src/core/settle.js';
import { unsettledFrom } from '../../src/core/unsettled-from.js';
import { validate } from '../../src/core/validate.js';
import { deepFreeze } from '../support/deep-freeze.js';

// Kept small: the suite also runs in Chromium.
const RUNS = { numRuns: 200 };

type Turn =
  | { kind: 'user' }
  | { kind: 'text' }
  | { kind: 'tools'; order: number[]; names: string[]; withText: boolean };

type Damage =
  | { kind: 'delete_result'; pick: number }
  | { kind: 'move_result'; pick: number; to: number }
  | { kind: 'duplicate_result'; pick: number; to: number }
  | { kind: 'inject_orphan'; to: number }
  | { kind: 'user_inside_window'; pick: number }
  | { kind: 'truncate_tail'; count: number }
  | { kind: 'reuse_call_id'; pick: number; from: number };

const toolName = fc.constantFrom('get_weather', 'search', 'read_file');
const turn: fc.Arbitrary<Turn> = fc.oneof(
  fc.constant<Turn>({ kind: 'user' }),
  fc.constant<Turn>({ kind: 'text' }),
  fc.integer({ min: 1, max: 3 }).chain((count) => fc.record({
    kind: fc.constant('tools' as const),
    order: fc.shuffledSubarray([...Array(count).keys()], { minLength: count, maxLength: count }),
    names: fc.array(toolName, { minLength: count, maxLength: count }),
    withText: fc.boolean(),
  })),
);
const turns = fc.array(turn, { maxLength: 14 });

const position = fc.nat({ max: 1000 });
const repairableDamage: fc.Arbitrary<Damage> = fc.oneof(
  fc.record({ kind: fc.constant('delete_result' as const), pick: position }),
  fc.record({ kind: fc.constant('move_result' as const), pick: position, to: position }),
  fc.record({ kind: fc.constant('duplicate_result' as const), pick: position, to: position }),
  fc.record({ kind: fc.constant('inject_orphan' as const), to: position }),
  fc.record({ kind: fc.constant('user_inside_window' as const), pick: position }),
  fc.record({ kind: fc.constant('truncate_tail' as const), count: fc.integer({ min: 1, max: 4 }) }),
);
const anyDamage: fc.Arbitrary<Damage> = fc.oneof(
  repairableDamage,
  fc.record({ kind: fc.constant('reuse_call_id' as const), pick: position, from: position }),
);

function buildHistory(plan: readonly Turn[]): Message[] {
  const history: Message[] = [];
  let nextId = 0;
  for (const step of plan) {
    if (step.kind === 'user') history.push(user(`question ${history.length}`));
    if (step.kind === 'text') history.push(assistant(`answer ${history.length}`));
    if (step.kind !== 'tools') continue;
    const calls = step.names.map((name) => toolCall(`call_${nextId++}`, name, { n: nextId }));
    const blocks: AssistantBlock[] = step.withText ? [{ type: 'text', text: 'Let me check.' }, ...calls] : calls;
    history.push(assistant(blocks));
    for (const index of step.order) history.push(toolResult(calls[index]!.id, calls[index]!.name, `result ${index}`));
  }
  return history;
}

function indicesOf(history: readonly Message[], role: Message['role']): number[] {
  return history.flatMap((message, index) => (message.role === role ? [index] : []));
}

function applyDamage(history: Message[], damage: Damage, orphanNumber: number): void {
  const results = indicesOf(history, 'tool');
  const picked = results.length > 0 ? results['pick' in damage ? damage.pick % results.length : 0]! : undefined;
  const at = (to: number) => to % (history.length + 1);
  switch (damage.kind) {
    case 'delete_result':
      if (picked !== undefined) history.splice(picked, 1);
      return;
    case 'move_result': {
      if (picked === undefined) return;
      const [moved] = history.splice(picked, 1);
      history.splice(at(damage.to), 0, moved!);
      return;
    }
    case 'duplicate_result':
      if (picked !== undefined) history.splice(at(damage.to), 0, { ...history[picked]! });
      return;
    case 'inject_orphan':
      history.splice(at(damage.to), 0, toolResult(`orphan_${orphanNumber}`, 'search', 'from nowhere'));
      return;
    case 'user_inside_window':
      if (picked !== undefined) history.splice(picked, 0, user('interrupting'));
      return;
    case 'truncate_tail':
      history.splice(Math.max(0, history.length - damage.count));
      return;
    case 'reuse_call_id':
      reuseCallId(history, damage);
      return;
  }
}

// Gives one call the id of another call, so the history holds the same id twice.
function reuseCallId(history: Message[], damage: { pick: number; from: number }): void {
  const calls = history.flatMap((message, messageIndex) => message.role !== 'assistant' ? [] : message.content
    .flatMap((block, blockIndex) => (block.type === 'tool_call' ? [{ messageIndex, blockIndex, id: block.id }] : [])));
  if (calls.length < 2) return;
  const target = calls[damage.pick % calls.length]!;
  const source = calls[damage.from % calls.length]!;
  const message = history[target.messageIndex] as Extract<Message, { role: 'assistant' }>;
  const content = [...message.content];
  content[target.blockIndex] = { ...(content[target.blockIndex] as ToolCallBlock), id: source.id };
  history[target.messageIndex] = { ...message, content };
}

function damaged(plan: readonly Turn[], damages: readonly Damage[]): Message[] {
  const history = buildHistory(plan);
  damages.forEach((damage, index) => applyDamage(history, damage, index));
  return deepFreeze(history);
}

/**
 * A deliberately naive reading of DESIGN §3 (quadratic, message by message), to compare the
 * one-pass `validate` against.
 */
function referenceIssues(history: readonly Message[], mode: ValidationMode): HistoryIssue[] {
  const issues: HistoryIssue[] = [];
  const runEnd = (start: number) => {
    let end = start + 1;
    while (end < history.length && history[end]!.role === 'tool') end++;
    return end;
  };
  const callsOf = (message: Message | undefined): ToolCallBlock[] => (message?.role === 'assistant'
    ? message.content.filter((block): block is ToolCallBlock => block.type === 'tool_call') : []);
  const firstCallOf = (id: string, before: number) => history.findIndex((message, index) => index < before
    && callsOf(message).some((block) => block.id === id));

  history.forEach((message, index) => {
    if (message.role === 'assistant') {
      const calls = callsOf(message);
      calls.forEach((block, position) => {
        const earlierHere = calls.slice(0, position).some((other) => other.id === block.id);
        const earlier = firstCallOf(block.id, index);
        const first = earlier >= 0 ? earlier : earlierHere ? index : -1;
        if (first >= 0) issues.push({ code: 'duplicate_tool_call_id', messageIndex: index, toolCallId: block.id, firstMessageIndex: first });
      });
      const end = runEnd(index);
      if (mode === 'resumable' && end === history.length) return;
      const answered = new Set(history.slice(index + 1, end).map((result) => (result as { toolCallId: string }).toolCallId));
      const reported = new Set<string>();
      for (const block of calls) {
        if (answered.has(block.id) || reported.has(block.id)) continue;
        reported.add(block.id);
        issues.push({ code: 'unanswered_tool_call', messageIndex: index, toolCallId: block.id, toolName: block.name });
      }
      return;
    }
    if (message.role !== 'tool') return;
    let owner = index - 1;
    while (owner >= 0 && history[owner]!.role === 'tool') owner--;
    const ownCall = callsOf(history[owner]).some((block) => block.id === message.toolCallId);
    const earlierInRun = history.slice(owner + 1, index).some((other) => (other as { toolCallId: string }).toolCallId === message.toolCallId);
    const first = firstCallOf(message.toolCallId, index);
    if (ownCall && earlierInRun) issues.push({ code: 'duplicate_tool_result', messageIndex: index, toolCallId: message.toolCallId });
    else if (ownCall) return;
    else if (first < 0) issues.push({ code: 'orphan_tool_result', messageIndex: index, toolCallId: message.toolCallId });
    else issues.push({ code: 'misplaced_tool_result', messageIndex: index, toolCallId: message.toolCallId, callMessageIndex: first });
  });
  return issues;
}

const modes: ValidationMode[] = ['sendable', 'resumable'];

// Hundreds of generated cases per property: a loaded machine must not fail them on the default 5 s.
describe('pairing invariant (property-based)', { timeout: 60_000 }, () => {
  it('an undamaged history is sendable, whatever the order of results within each run', () => {
    fc.assert(fc.property(turns, (plan) => {
      expect(validate(buildHistory(plan), 'sendable')).toEqual([]);
    }), RUNS);
  });

  it('validate agrees with a naive reading of the rule, never throws and lists issues in message order', () => {
    fc.assert(fc.property(turns, fc.array(anyDamage, { maxLength: 5 }), (plan, damages) => {
      const history = damaged(plan, damages);
      for (const mode of modes) {
        const issues = validate(history, mode);
        expect(issues).toEqual(referenceIssues(history, mode));
        issues.forEach((issue, index) => {
          expect(issue.messageIndex).toBeLessThan(history.length);
          if (index > 0) expect(issue.messageIndex).toBeGreaterThanOrEqual(issues[index - 1]!.messageIndex);
        });
      }
    }), RUNS);
  });

  it('resumable differs from sendable only by the pending calls of the window unsettledFrom names', () => {
    fc.assert(fc.property(turns, fc.array(anyDamage, { maxLength: 5 }), (plan, damages) => {
      const history = damaged(plan, damages);
      const resumable = validate(history, 'resumable');
      const from = unsettledFrom(history);
      const pending = validate(history, 'sendable').filter((issue) => !resumable.some((other) => sameIssue(issue, other)));
      expect(pending.every((issue) => issue.code === 'unanswered_tool_call' && issue.messageIndex === from)).toBe(true);
      expect(pending.length > 0).toBe(from !== null);
    }), RUNS);
  });

  it('dropOrphans makes any damaged history resumable and settle then makes it sendable, unless call ids repeat', () => {
    fc.assert(fc.property(turns, fc.array(repairableDamage, { maxLength: 5 }), (plan, damages) => {
      const history = damaged(plan, damages);
      const repaired = dropOrphans(history);
      expect(validate(repaired.messages, 'resumable')).toEqual([]);
      expect(validate(settle(repaired.messages).messages, 'sendable')).toEqual([]);
      expect(repaired.warnings).toHaveLength(repaired.dropped.length);
      expect(dropOrphans(repaired.messages).dropped).toEqual([]);
    }), RUNS);
  });

  it('settle is idempotent and only appends, on any history', () => {
    fc.assert(fc.property(turns, fc.array(anyDamage, { maxLength: 5 }), (plan, damages) => {
      const history = damaged(plan, damages);
      const once = settle(history);
      expect(once.messages.slice(0, history.length)).toEqual(history);
      expect(once.messages.length - history.length).toBe(once.settled.length);
      expect(settle(once.messages).messages).toEqual(once.messages);
      expect(unsettledFrom(once.messages)).toBeNull();
    }), RUNS);
  });
});

function sameIssue(left: HistoryIssue, right: HistoryIssue): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}
