import { describe, expect, it } from 'vitest';
import { assertValid } from '../../src/core/assert-valid.js';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import { describeIssue } from '../../src/core/describe-issue.js';
import { ConvologError } from '../../src/core/error.js';
import type { Message } from '../../src/core/message.js';
import { validate } from '../../src/core/validate.js';
import { convologErrorThrownBy } from '../support/thrown-by.js';

const call = (id: string) => toolCall(id, 'lookup', {});
const result = (id: string) => toolResult(id, 'lookup', 'ok');

describe('assertValid', () => {
  it('returns quietly for a valid history', () => {
    expect(() => assertValid([user('hi'), assistant([call('a')]), result('a'), assistant('done')], 'sendable')).not.toThrow();
  });

  it('accepts a pending trailing window when resumable, refuses it when sendable', () => {
    const history: Message[] = [user('hi'), assistant([call('a')])];
    expect(() => assertValid(history, 'resumable')).not.toThrow();
    const error = convologErrorThrownBy(() => assertValid(history, 'sendable'));
    expect(error).toBeInstanceOf(ConvologError);
    expect(error.code).toBe('pairing');
    expect(error.issues).toEqual(validate(history, 'sendable'));
    expect(error.message).toContain('sendable');
    expect(error.message).toContain(describeIssue(error.issues![0]!));
    expect(error.message).toContain('settle');
    expect(error.message).not.toContain('dropOrphans');
  });

  it('points at dropOrphans for stray results', () => {
    const history: Message[] = [user('hi'), result('ghost')];
    const error = convologErrorThrownBy(() => assertValid(history, 'resumable'));
    expect(error.issues).toEqual([{ code: 'orphan_tool_result', messageIndex: 1, toolCallId: 'ghost' }]);
    expect(error.message).toContain('dropOrphans');
    expect(error.message).not.toContain('settle');
  });

  it('points at dropOrphans, not settle, for a call left unanswered before the end', () => {
    const error = convologErrorThrownBy(() => assertValid([assistant([call('a')]), user('next')], 'resumable'));
    expect(error.message).toContain('dropOrphans');
    expect(error.message).not.toContain('settle');
  });

  it('says that reused ids need unique ids', () => {
    const error = convologErrorThrownBy(() => assertValid([assistant([call('a'), call('a')]), result('a')], 'sendable'));
    expect(error.issues?.[0]?.code).toBe('duplicate_tool_call_id');
    expect(error.message).toMatch(/unique/);
  });

  it('carries every issue but summarizes only the first ones', () => {
    const history: Message[] = [user('hi'), result('g1'), result('g2'), result('g3'), result('g4'), result('g5')];
    const error = convologErrorThrownBy(() => assertValid(history, 'sendable'));
    expect(error.issues).toHaveLength(5);
    expect(error.message).toContain('5 tool-call pairing issues');
    expect(error.message).toContain('"g1"');
    expect(error.message).not.toContain('"g5"');
    expect(error.message).toContain('2 more');
  });
});
