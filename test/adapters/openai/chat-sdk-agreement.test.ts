// Our OpenAIChatStreamAccumulator against the `openai` package's own ChatCompletionStream on
// random streams: fed the same chunks (as NDJSON through ChatCompletionStream.fromReadableStream),
// the SDK's final completion read by fromOpenAIChatCompletion gives the message and envelope our
// accumulator gives.
import fc from 'fast-check';
import { ChatCompletionStream } from 'openai/lib/ChatCompletionStream';
import { describe, expect, it } from 'vitest';
import { fromOpenAIChatCompletion } from '../../../src/adapters/openai/from-openai-chat-completion.js';
import { OpenAIChatStreamAccumulator } from '../../../src/adapters/openai/openai-chat-stream-accumulator.js';
import type { OpenAIChatCompletionChunk } from '../../../src/adapters/openai/openai-types.js';
import { cuts, fed, ndjsonStream, pieces } from '../helpers.js';

const RUNS = 150;
type Chunk = Record<string, unknown>;


const turn = fc.record({
  content: fc.option(fc.record({ text: fc.string({ minLength: 1, maxLength: 24 }), cuts }), { nil: undefined }),
  calls: fc.array(fc.record({ name: fc.constantFrom('get_weather', 'search'), args: fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }), cuts }), { maxLength: 3 }),
  finish: fc.constantFrom('stop', 'length', 'tool_calls'),
});
type Turn = typeof turn extends fc.Arbitrary<infer Value> ? Value : never;

function chunks(spec: Turn): Chunk[] {
  const chunk = (delta: Record<string, unknown>, finish: string | null = null): Chunk => ({
    id: 'chatcmpl-random', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o', choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  });
  const result: Chunk[] = [chunk({ role: 'assistant', content: '' })];
  for (const piece of spec.content === undefined ? [] : pieces(spec.content.text, spec.content.cuts)) result.push(chunk({ content: piece }));
  spec.calls.forEach((call, index) => {
    result.push(chunk({ tool_calls: [{ index, id: `call_${index}`, type: 'function', function: { name: call.name, arguments: '' } }] }));
    for (const piece of pieces(JSON.stringify(call.args), call.cuts)) result.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  result.push(chunk({}, spec.calls.length > 0 ? 'tool_calls' : spec.finish));
  result.push({ id: 'chatcmpl-random', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o', choices: [], usage: { prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 } });
  return result;
}

async function sdkCompletion(stream: Chunk[]): Promise<unknown> {
  const completion = ChatCompletionStream.fromReadableStream(ndjsonStream(stream));
  return completion.finalChatCompletion();
}

describe('OpenAIChatStreamAccumulator agrees with the openai package\'s ChatCompletionStream (property)', { timeout: 120_000 }, () => {
  it('gives the message and envelope fromOpenAIChatCompletion gives for the SDK\'s final completion', async () => {
    await fc.assert(fc.asyncProperty(turn, async (spec) => {
      const stream = chunks(spec);
      const expected = fromOpenAIChatCompletion(await sdkCompletion(stream));
      const { message, envelope } = fed(new OpenAIChatStreamAccumulator(), stream as OpenAIChatCompletionChunk[]).finish();
      expect(message).toStrictEqual(expected.message);
      expect(envelope).toStrictEqual(expected.envelope);
    }), { numRuns: RUNS });
  });
});
