import { describe, expect, it } from 'vitest';
import { SUMMARY_PREFIX } from '../../src/core/build-context.js';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import { buildCompactionDigest } from '../../src/core/compaction-digest.js';
import { isConvologError } from '../../src/core/error.js';
import { rollSummaryPrompt, summarySystemPrompt } from '../../src/core/summary-prompts.js';
import { validate } from '../../src/core/validate.js';
import { withAppData } from '../../src/core/app-data.js';
import { TURN_ENVELOPE_KEY } from '../../src/core/turn-envelope.js';
import { compactConversation, type SummarizeRequest } from '../../src/store/index.js';
import { codeOf, rejectionOf, storeFixture } from './store-fixture.js';

const stores = storeFixture();
const oneTokenEach = () => 1;

/** A turn with a tool call: 4 messages. */
function turn(index: number) {
  return [
    user(`question ${index}`), assistant([toolCall(`call-${index}`, 'lookup', { index })]),
    toolResult(`call-${index}`, 'lookup', `result ${index}`), assistant(`answer ${index}`),
  ];
}

describe('compactConversation', () => {
  it('folds everything before the planned cut into a summary; the context keeps the tail', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    const written = await store.append(id, [...turn(1), ...turn(2), ...turn(3)]);
    const requests: SummarizeRequest[] = [];
    const compaction = await compactConversation(store, id, {
      tailTokens: 4, estimate: oneTokenEach, words: 100,
      summarize: async (request) => {
        requests.push(request);
        return 'turns one and two';
      },
    });
    expect(compaction?.firstKeptId).toBe(written[8]!.id);
    expect(compaction?.tokensBefore).toBe(12);
    expect(requests[0]!.system).toBe(summarySystemPrompt(100));
    expect(requests[0]!.prompt).toContain('question 1');
    expect(requests[0]!.prompt).toContain('answer 2');
    expect(requests[0]!.prompt).not.toContain('question 3');
    expect(await store.context(id)).toEqual([{ role: 'user', content: `${SUMMARY_PREFIX}turns one and two` }, ...turn(3)]);
  });

  it('rolls the previous summary in, chained several times, the context staying sendable', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    let summaries = 0;
    const prompts: string[] = [];
    for (let index = 1; index <= 8; index++) {
      await store.append(id, turn(index));
      const compaction = await compactConversation(store, id, {
        tailTokens: 6, estimate: oneTokenEach,
        summarize: async ({ prompt }) => {
          prompts.push(prompt);
          return `summary ${++summaries}`;
        },
      });
      // Two turns fit the tail: from the third turn on, each turn folds the oldest kept one.
      expect(compaction === null).toBe(index < 3);
      const context = await store.context(id);
      expect(validate(context, 'sendable')).toEqual([]);
      expect(context.length).toBeLessThanOrEqual(9);
    }
    expect(summaries).toBe(6);
    expect(prompts[0]).toBe(buildCompactionDigest(turn(1)));
    expect(prompts[1]).toBe(rollSummaryPrompt('summary 1', buildCompactionDigest(turn(2))!, 250));
    const last = await store.context(id);
    expect(last).toEqual([{ role: 'user', content: `${SUMMARY_PREFIX}summary 6` }, ...turn(7), ...turn(8)]);
  });

  it('returns null and calls nothing when nothing is worth folding', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    await store.append(id, turn(1));
    let called = false;
    const result = await compactConversation(store, id, {
      tailTokens: 1000, summarize: async () => {
        called = true;
        return 's';
      },
    });
    expect(result).toBeNull();
    expect(called).toBe(false);
  });

  it('writes nothing when the summarizer throws', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    await store.append(id, [...turn(1), ...turn(2)]);
    const failure = new Error('model unavailable');
    const error = await rejectionOf(compactConversation(store, id, {
      tailTokens: 2, estimate: oneTokenEach, summarize: async () => {
        throw failure;
      },
    }));
    expect(error).toBe(failure);
    expect((await store.getConversation(id))?.lastSeq).toBe(8);
  });

  it('writes nothing when the summarizer returns an empty summary', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    await store.append(id, [...turn(1), ...turn(2)]);
    const error = await rejectionOf(compactConversation(store, id, {
      tailTokens: 2, estimate: oneTokenEach, summarize: async () => '  \n',
    }));
    expect(error).toBeInstanceOf(TypeError);
    expect((await store.getConversation(id))?.lastSeq).toBe(8);
  });

  it('writes nothing and throws aborted when the signal aborts during summarize', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    await store.append(id, [...turn(1), ...turn(2)]);
    const controller = new AbortController();
    const error = await rejectionOf(compactConversation(store, id, {
      tailTokens: 2, estimate: oneTokenEach, signal: controller.signal,
      summarize: async ({ signal }) => {
        expect(signal).toBe(controller.signal);
        controller.abort();
        return 'too late';
      },
    }));
    expect(isConvologError(error, 'aborted')).toBe(true);
    expect((await store.getConversation(id))?.lastSeq).toBe(8);
    const before = await rejectionOf(compactConversation(store, id, {
      tailTokens: 2, estimate: oneTokenEach, signal: controller.signal, summarize: async () => 's',
    }));
    expect(isConvologError(before, 'aborted')).toBe(true);
  });

  it('throws conflict when the conversation moved on while summarizing', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    await store.append(id, [...turn(1), ...turn(2)]);
    const error = await rejectionOf(compactConversation(store, id, {
      tailTokens: 2, estimate: oneTokenEach,
      summarize: async () => {
        await store.append(id, [user('meanwhile')]);
        return 's';
      },
    }));
    expect(isConvologError(error, 'conflict')).toBe(true);
    expect((await store.entries(id)).every((entry) => entry.type === 'message')).toBe(true);
  });

  it('throws not_found for an unknown conversation', async () => {
    const store = await stores.open();
    expect(await codeOf(compactConversation(store, 'nope', { tailTokens: 1, summarize: async () => 's' }))).toBe('not_found');
  });
});

/** An assistant reply whose turn envelope reports the provider's usage. */
function measuredReply(text: string, inputTokens: number, outputTokens: number) {
  return withAppData(assistant(text), TURN_ENVELOPE_KEY, { provider: 'openai', usage: { inputTokens, outputTokens } });
}

describe('compactConversation with a context window', () => {
  const summarize = async () => 'the earlier turns';

  it('does nothing below the threshold, and folds down to tailTokens once the context passes it', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    await store.append(id, [...turn(1), ...turn(2)]); // 8 messages of 1 token
    let calls = 0;
    const options = {
      contextWindow: 10, threshold: 0.8, tailTokens: 4, estimate: oneTokenEach,
      summarize: async () => `summary ${++calls}`,
    };
    expect(await compactConversation(store, id, options)).toBeNull(); // 8 is not past 8
    expect(calls).toBe(0);
    const written = await store.append(id, [user('one more')]);
    const compaction = await compactConversation(store, id, options);
    expect(calls).toBe(1);
    expect(compaction?.tokensBefore).toBe(9);
    // The tail of at least 4 tokens, snapped back to a user message: turn 2 and the new question.
    expect(compaction?.firstKeptId).toBe((await store.entries(id))[4]!.id);
    expect((await store.context(id)).at(-1)).toEqual(written[0]!.message);
  });

  it('measures with the provider\'s reported usage, not just the estimate', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    // The messages estimate to almost nothing, but the provider counted 90,000 tokens (a long system prompt, tools, images).
    await store.append(id, [user('q1'), measuredReply('a1', 60_000, 500), user('q2'), measuredReply('a2', 90_000, 400), user('q3')]);
    const compaction = await compactConversation(store, id, { contextWindow: 100_000, tailTokens: 1, estimate: oneTokenEach, summarize });
    expect(compaction?.tokensBefore).toBe(90_401);
    // Unmeasured, the same chat is far below the threshold.
    const plain = await store.createConversation();
    await store.append(plain.id, [user('q1'), assistant('a1'), user('q2'), assistant('a2'), user('q3')]);
    expect(await compactConversation(store, plain.id, { contextWindow: 100_000, tailTokens: 1, estimate: oneTokenEach, summarize })).toBeNull();
  });

  it('does not compact again right after a compaction: usage from before it no longer counts', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    await store.append(id, [user('q1'), measuredReply('a1', 50_000, 500), user('q2'), measuredReply('a2', 95_000, 500), user('q3')]);
    const options = { contextWindow: 100_000, tailTokens: 3, estimate: oneTokenEach, summarize };
    expect(await compactConversation(store, id, options)).not.toBeNull();
    // a2 is kept verbatim and still says 95,500, but that counted q1 and a1, now folded away.
    expect(await compactConversation(store, id, options)).toBeNull();
    // The next reported usage counts again.
    await store.append(id, [measuredReply('a3', 99_000, 100), user('q4')]);
    expect(await compactConversation(store, id, options)).not.toBeNull();
  });

  it('folds down to a quarter of the window when no tailTokens is given', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    const turns = Array.from({ length: 10 }, (_, index) => turn(index + 1)).flat(); // 40 messages of 1 token
    await store.append(id, turns);
    const compaction = await compactConversation(store, id, { contextWindow: 40, threshold: 0.5, estimate: oneTokenEach, summarize });
    // A tail of at least 10 tokens, snapped to a user message: the last three turns (12 messages).
    expect((await store.context(id)).length).toBe(1 + 12);
    expect(compaction?.tokensBefore).toBe(40);
  });

  it('rejects budgets that cannot be meant', async () => {
    const store = await stores.open();
    const { id } = await store.createConversation();
    await store.append(id, turn(1));
    const attempt = (options: Record<string, unknown>) => rejectionOf(compactConversation(store, id, { summarize, ...options }));
    expect(await attempt({})).toBeInstanceOf(TypeError);
    expect(await attempt({ tailTokens: 10, threshold: 0.8 })).toBeInstanceOf(TypeError);
    expect(await attempt({ contextWindow: 0 })).toBeInstanceOf(RangeError);
    expect(await attempt({ contextWindow: Number.NaN })).toBeInstanceOf(RangeError);
    expect(await attempt({ contextWindow: 1000, threshold: 0 })).toBeInstanceOf(RangeError);
    expect(await attempt({ contextWindow: 1000, threshold: 1.5 })).toBeInstanceOf(RangeError);
    expect((await store.getConversation(id))?.lastSeq).toBe(4);
  });
});
