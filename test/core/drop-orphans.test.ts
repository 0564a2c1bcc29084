import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import { dropOrphans } from '../../src/core/drop-orphans.js';
import type { Message } from '../../src/core/message.js';
import { settle } from '../../src/core/settle.js';
import { validate } from '../../src/core/validate.js';
import { deepFreeze } from '../support/deep-freeze.js';

const call = (id: string) => toolCall(id, 'lookup', {});
const result = (id: string) => toolResult(id, 'lookup', `result of ${id}`);

describe('dropOrphans', () => {
  it('removes an orphan result and names it', () => {
    const history: Message[] = [user('hi'), result('ghost'), assistant('hello')];
    const { messages, dropped, warnings } = dropOrphans(history);
    expect(messages).toEqual([history[0], history[2]]);
    expect(dropped).toEqual(['ghost']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ code: 'dropped_block', messageIndex: 1 });
    expect(warnings[0]?.message).toContain('"ghost"');
  });

  it('removes a duplicate result and keeps the first one', () => {
    const history: Message[] = [assistant([call('a')]), result('a'), toolResult('a', 'lookup', 'again'), assistant('ok')];
    const { messages, dropped, warnings } = dropOrphans(history);
    expect(messages).toEqual([history[0], history[1], history[3]]);
    expect(dropped).toEqual(['a']);
    expect(warnings.map((warning) => warning.messageIndex)).toEqual([2]);
  });

  it('revives a wedged history: misplaced result, and the call it left unanswered', () => {
    const history: Message[] = [
      user('weather?'), // 0
      assistant([{ type: 'text', text: 'Checking two.' }, call('a'), call('b')]), // 1
      result('a'), // 2
      user('still there?'), // 3: the app let the user write before b returned
      result('b'), // 4: misplaced
      assistant('Yes.'), // 5
      user('thanks'), // 6
    ];
    expect(validate(history, 'sendable').map((issue) => issue.code)).toEqual(['unanswered_tool_call', 'misplaced_tool_result']);
    const { messages, dropped, warnings } = dropOrphans(history);
    expect(validate(messages, 'sendable')).toEqual([]);
    expect(dropped).toEqual(['b', 'b']);
    expect(messages).toEqual([
      history[0],
      { ...history[1], content: [{ type: 'text', text: 'Checking two.' }, call('a')] },
      history[2], history[3], history[5], history[6],
    ]);
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'dropped_block', messageIndex: 1, blockIndex: 2 }),
      expect.objectContaining({ code: 'dropped_block', messageIndex: 4 }),
    ]);
  });

  it('removes an assistant message whose only content was unanswered calls', () => {
    const history: Message[] = [user('go'), assistant([call('a')]), user('hello?'), assistant('hi')];
    const { messages, dropped } = dropOrphans(history);
    expect(messages).toEqual([history[0], history[2], history[3]]);
    expect(dropped).toEqual(['a']);
  });

  it('keeps the pending calls of the trailing window for settle', () => {
    const history: Message[] = [user('go'), assistant([call('a'), call('b')]), result('stray'), result('b')];
    const repaired = dropOrphans(history);
    expect(repaired.messages).toEqual([history[0], history[1], history[3]]);
    expect(repaired.dropped).toEqual(['stray']);
    expect(validate(repaired.messages, 'resumable')).toEqual([]);
    expect(validate(settle(repaired.messages).messages, 'sendable')).toEqual([]);
  });

  it('leaves reused call ids alone (it cannot know which call a result answers)', () => {
    const history: Message[] = [assistant([call('a')]), result('a'), assistant([call('a')]), result('a')];
    const { messages, dropped } = dropOrphans(history);
    expect(messages).toEqual(history);
    expect(dropped).toEqual([]);
  });

  it('returns a copy with the same messages when there is nothing to drop', () => {
    const history: Message[] = [user('hi'), assistant([call('a')]), result('a')];
    const { messages, dropped, warnings } = dropOrphans(history);
    expect(messages).not.toBe(history);
    messages.forEach((message, index) => expect(message).toBe(history[index]));
    expect(dropped).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('never mutates its input', () => {
    const history = deepFreeze<Message[]>([
      user('go'), result('ghost'), assistant([{ type: 'text', text: 't' }, call('a'), call('b')]), result('a'), user('x'), result('b'),
    ]);
    const snapshot = structuredClone(history);
    const { messages } = dropOrphans(history);
    expect(history).toEqual(snapshot);
    expect(validate(messages, 'sendable')).toEqual([]);
  });
});
