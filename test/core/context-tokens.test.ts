import { describe, expect, it } from 'vitest';
import { buildContext, SUMMARY_PREFIX } from '../../src/core/build-context.js';
import { assistant, user } from '../../src/core/constructors.js';
import { contextTokens } from '../../src/core/context-tokens.js';
import { estimateMessageTokens } from '../../src/core/estimate-tokens.js';
import type { Message } from '../../src/core/message.js';
import { withAppData } from '../../src/core/app-data.js';
import { TURN_ENVELOPE_KEY, type TurnEnvelope } from '../../src/core/turn-envelope.js';
import { entryFactory } from '../support/entries.js';

const ten = () => 10;

function reply(text: string, envelope: TurnEnvelope): Message {
  return withAppData(assistant(text), TURN_ENVELOPE_KEY, envelope);
}

const measured = (input: number, output: number, extra: TurnEnvelope = {}) =>
  reply('an answer', { provider: 'openai', usage: { inputTokens: input, outputTokens: output }, ...extra });

describe('contextTokens', () => {
  it('estimates every message when no turn reports usage', () => {
    const messages = [user('What is the weather in Oslo?'), assistant('Cold and wet.'), user('And tomorrow?')];
    const expected = messages.reduce((sum, message) => sum + estimateMessageTokens(message), 0);
    expect(contextTokens(messages)).toEqual({ tokens: expected, measured: false });
    expect(contextTokens(messages, { estimate: ten })).toEqual({ tokens: 30, measured: false });
    expect(contextTokens([])).toEqual({ tokens: 0, measured: false });
  });

  it('takes the last reported usage as the base and estimates only what follows it', () => {
    const messages = [user('a'), measured(900, 100), user('b'), measured(1500, 200), user('c'), assistant('d')];
    // 1500 + 200 counted by the provider, then two messages estimated.
    expect(contextTokens(messages, { estimate: ten })).toEqual({ tokens: 1720, measured: true });
    expect(contextTokens(messages.slice(0, 4), { estimate: ten })).toEqual({ tokens: 1700, measured: true });
  });

  it('skips assistant messages whose envelope reports no usable usage', () => {
    const noUsage = reply('x', { provider: 'openai', finishReason: 'stop' });
    const junk = reply('y', { usage: { inputTokens: -5, outputTokens: Number.NaN } } as TurnEnvelope);
    const wrongType = withAppData(assistant('z'), TURN_ENVELOPE_KEY, 'not an envelope');
    const messages = [user('a'), measured(400, 50), user('b'), noUsage, junk, wrongType];
    expect(contextTokens(messages, { estimate: ten })).toEqual({ tokens: 450 + 40, measured: true });
    expect(contextTokens([user('a'), noUsage], { estimate: ten })).toEqual({ tokens: 20, measured: false });
  });

  it('uses a total when that is all a provider reports', () => {
    const totalOnly = reply('x', { usage: { totalTokens: 777 } });
    expect(contextTokens([user('a'), totalOnly], { estimate: ten })).toEqual({ tokens: 777, measured: true });
  });

  it('adds Anthropic cache reads and writes, which its input count leaves out', () => {
    const anthropic = reply('x', {
      provider: 'anthropic',
      usage: { inputTokens: 20, outputTokens: 30, cachedInputTokens: 5000, cacheCreationInputTokens: 700 },
    });
    expect(contextTokens([user('a'), anthropic], { estimate: ten })).toEqual({ tokens: 5750, measured: true });
    // OpenAI's prompt count already includes its cached tokens.
    const openai = reply('x', { provider: 'openai', usage: { inputTokens: 5020, outputTokens: 30, cachedInputTokens: 5000 } });
    expect(contextTokens([user('a'), openai], { estimate: ten })).toEqual({ tokens: 5050, measured: true });
  });

  it('accepts entries, measuring what buildContext sends', () => {
    const { message } = entryFactory();
    const entries = [message('m1', user('a')), message('m2', measured(300, 40)), message('m3', user('b'))];
    expect(contextTokens(entries, { estimate: ten })).toEqual({ tokens: 350, measured: true });
    expect(contextTokens(entries.slice(0, 1), { estimate: ten })).toEqual({ tokens: 10, measured: false });
  });

  it('ignores usage reported before the compaction in force: it counted what was folded away', () => {
    const { message, compaction } = entryFactory();
    const before = [
      message('m1', user('one')), message('m2', measured(50_000, 500)),
      message('m3', user('two')), message('m4', measured(60_000, 600)),
    ];
    const folded = compaction('k', 'm3', 'the first turn');
    const entries = [...before, folded];
    // The kept m4 still carries its usage, which counted m1 and m2: estimate instead.
    const estimate = buildContext(entries).reduce((sum, item) => sum + estimateMessageTokens(item), 0);
    expect(contextTokens(entries)).toEqual({ tokens: estimate, measured: false });
    expect(estimate).toBeLessThan(100);
    // A turn after the compaction measures again, with the summary inside its input count.
    const after = [...entries, message('m5', user('three')), message('m6', measured(2_000, 100)), message('m7', user('four'))];
    expect(contextTokens(after, { estimate: ten })).toEqual({ tokens: 2_110, measured: true });
  });

  it('estimates plain messages that start with a compaction summary: their usage may predate it', () => {
    const messages = [user(`${SUMMARY_PREFIX}earlier turns`), user('two'), measured(60_000, 600), user('three')];
    expect(contextTokens(messages, { estimate: ten })).toEqual({ tokens: 40, measured: false });
  });

  it('does not mutate its input', () => {
    const { message } = entryFactory();
    const entries = [message('m1', user('a')), message('m2', measured(300, 40))];
    const copy = structuredClone(entries);
    contextTokens(entries);
    contextTokens(entries.map((entry) => entry.message));
    expect(entries).toEqual(copy);
  });
});
