// toModelMessages against the real `ai` package (DESIGN §14): its body spreads into
// `generateText` / `streamText`, the system prompt included, and the model sees the system
// prompt first and the converted history after it. ai@7 refuses a system message inside
// `messages` (AI_InvalidPromptError), which is why the body carries it as `system`.
import { generateText, modelMessageSchema, streamText, simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { toModelMessages } from '../../../src/adapters/ai-sdk/to-model-messages.js';
import type { Message } from '../../../src/core/message.js';
import { fixture, type RequestFixture } from '../helpers.js';

const usage = {
  inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 2, text: 2, reasoning: undefined },
};

function answeringModel(): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    // The model takes media by URL, as hosted models do: nothing is downloaded (there is no network here).
    supportedUrls: { '*/*': [/^https:/] },
    doGenerate: { content: [{ type: 'text', text: 'Sunny in both.' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] },
    doStream: {
      stream: simulateReadableStream({
        chunks: [
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: 'Sunny ' },
          { type: 'text-delta', id: 't', delta: 'in both.' },
          { type: 'text-end', id: 't' },
          { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
        ],
      }),
    },
  });
}

const history = (): Message[] => fixture<RequestFixture<unknown>>('ai-sdk', 'request-tool-window').history;

describe('toModelMessages with the real ai package', () => {
  it('spreads into generateText: the model sees the system prompt first, then every message of the history', async () => {
    const model = answeringModel();
    const { body } = toModelMessages(history(), { system: 'You are a helpful weather assistant.' });
    const result = await generateText({ model, ...body });
    expect(result.text).toBe('Sunny in both.');
    const prompt = model.doGenerateCalls[0]!.prompt;
    expect(prompt[0]).toStrictEqual({ role: 'system', content: 'You are a helpful weather assistant.' });
    expect(prompt.slice(1).map((message) => message.role)).toStrictEqual(body.messages.map((message) => message.role));
    const toolResults = prompt.filter((message) => message.role === 'tool').flatMap((message) => message.content);
    expect(toolResults.map((part) => part.type === 'tool-result' && [part.toolCallId, part.output.type])).toStrictEqual([
      ['call_tokyo', 'text'], ['call_paris', 'error-text'],
    ]);
  });

  it('spreads into streamText with the system prompt, and without one sends no system message', async () => {
    const model = answeringModel();
    const withSystem = streamText({ model, ...toModelMessages(history(), { system: 'Be brief.' }).body });
    expect(await withSystem.text).toBe('Sunny in both.');
    expect(model.doStreamCalls[0]!.prompt[0]).toStrictEqual({ role: 'system', content: 'Be brief.' });

    const plain = answeringModel();
    await generateText({ model: plain, ...toModelMessages(history()).body });
    expect(plain.doGenerateCalls[0]!.prompt.some((message) => message.role === 'system')).toBe(false);
  });

  it('writes messages the ai package\'s own modelMessageSchema accepts', () => {
    const { body } = toModelMessages(history(), { system: 'Be brief.' });
    for (const message of body.messages) expect(modelMessageSchema.safeParse(message).success).toBe(true);
  });

  it('is what ai@7 asks for: the same history with the system prompt as a leading message is refused', async () => {
    const { body } = toModelMessages(history());
    const refused = generateText({ model: answeringModel(), messages: [{ role: 'system', content: 'Be brief.' }, ...body.messages] });
    await expect(refused).rejects.toThrow(/[Ss]ystem messages/);
  });
});
