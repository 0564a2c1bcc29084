import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import type { Message } from '../../src/core/message.js';
import { estimateMessageTokens } from '../../src/core/estimate-tokens.js';
import { planCut } from '../../src/core/plan-cut.js';

/** Every message costs 10 tokens: makes budgets easy to reason about. */
const ten = () => 10;

const chat: Message[] = [
  user('u0'), assistant('a1'), // 0, 1
  user('u2'), assistant([toolCall('c1', 'f', {})]), toolResult('c1', 'f', 'r'), assistant('a5'), // 2..5
  user('u6'), assistant('a7'), // 6, 7
  user('u8'), assistant('a9'), // 8, 9
];

describe('planCut', () => {
  it('returns null for an empty history', () => {
    expect(planCut([], 100)).toBeNull();
  });

  it('returns null when the whole history estimates to less than the budget', () => {
    expect(planCut(chat, 101, { estimate: ten })).toBeNull();
    expect(planCut(chat, Number.POSITIVE_INFINITY, { estimate: ten })).toBeNull();
    expect(planCut(chat, Number.NaN, { estimate: ten })).toBeNull();
  });

  it('cuts at a user message whose tail reaches the budget exactly', () => {
    // The tail from index 8 is 20 tokens: the largest index reaching 20 is 8, a user message.
    expect(planCut(chat, 20, { estimate: ten })).toBe(8);
  });

  it('snaps back to the nearest user message at or before the boundary', () => {
    // Tail from 7 is 30 tokens: boundary 7 (assistant) snaps back to user 6.
    expect(planCut(chat, 30, { estimate: ten })).toBe(6);
    // Tail from 5 is 50 tokens: boundary 5 sits in a tool turn and snaps back to user 2.
    expect(planCut(chat, 50, { estimate: ten })).toBe(2);
    expect(planCut(chat, 41, { estimate: ten })).toBe(2);
  });

  it('never cuts inside a tool window', () => {
    // The boundary lands on the tool result (index 4): the cut keeps its call with it.
    expect(planCut(chat, 60, { estimate: ten })).toBe(2);
  });

  it('returns null when the boundary snaps back to index 0', () => {
    expect(planCut(chat, 90, { estimate: ten })).toBeNull();
    expect(planCut(chat, 100, { estimate: ten })).toBeNull();
  });

  it('returns null when no user message lies at or before the boundary', () => {
    const noUser = [assistant('a'), assistant('b'), assistant('c')];
    expect(planCut(noUser, 10, { estimate: ten })).toBeNull();
  });

  it('keeps only the last user turn for a budget of 0', () => {
    expect(planCut(chat, 0, { estimate: ten })).toBe(8);
  });

  it('uses estimateMessageTokens by default', () => {
    const long = [user('x'.repeat(400)), assistant('y'.repeat(400)), user('z'.repeat(400)), assistant('w'.repeat(400))];
    const each = estimateMessageTokens(long[3]!);
    expect(each).toBeGreaterThan(50);
    // A budget just over one message needs the last two messages.
    expect(planCut(long, each + 1)).toBe(2);
    expect(planCut(long, each * 10)).toBeNull();
  });

  it('reads only the tail it keeps', () => {
    const seen: Message[] = [];
    const estimate = (message: Message) => {
      seen.push(message);
      return 10;
    };
    planCut(chat, 20, { estimate });
    expect(seen).toEqual([chat[9], chat[8]]);
  });

  it('does not mutate its input', () => {
    const frozen = Object.freeze(chat.map((message) => Object.freeze(message)));
    expect(planCut(frozen, 30, { estimate: ten })).toBe(6);
  });
});
