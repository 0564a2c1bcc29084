// Compiles real `openai` Chat Completions calls against our adapters (DESIGN §14): the body
// spreads into `chat.completions.create`, the SDK's `ChatCompletion` and `ChatCompletionChunk` go
// into `fromOpenAIChatCompletion` and the accumulator, with no casts. Type-checked only, never run.
import type OpenAI from 'openai';
import type { ChatCompletion, ChatCompletionChunk, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { fromOpenAIChatCompletion, OpenAIChatStreamAccumulator, toOpenAIChatMessages } from '../../src/adapters/index.js';
import type { ConvertedResponse, FinishedTurn } from '../../src/adapters/index.js';
import type { Message } from '../../src/core/index.js';

export async function createdTurn(openai: OpenAI, context: Message[]): Promise<ConvertedResponse> {
  const completion = await openai.chat.completions.create({ model: 'gpt-5', ...toOpenAIChatMessages(context, { system: 'Be brief.' }).body });
  return fromOpenAIChatCompletion(completion);
}

export async function streamedTurn(openai: OpenAI, context: Message[]): Promise<FinishedTurn> {
  const accumulator = new OpenAIChatStreamAccumulator();
  const stream = await openai.chat.completions.create({ model: 'gpt-5', stream: true, ...toOpenAIChatMessages(context).body });
  for await (const chunk of stream) accumulator.push(chunk);
  return accumulator.finish();
}

export function sdkValues(completion: ChatCompletion, chunk: ChatCompletionChunk, context: Message[]): void {
  fromOpenAIChatCompletion(completion);
  new OpenAIChatStreamAccumulator().push(chunk);
  const messages: ChatCompletionMessageParam[] = toOpenAIChatMessages(context).body.messages;
  void messages;
  // Plain parsed JSON still goes in.
  new OpenAIChatStreamAccumulator().push({ choices: [{ index: 0, delta: { content: 'x' }, finish_reason: null }] });
  // @ts-expect-error an Anthropic event is not a chunk: our types did not widen to `any`.
  new OpenAIChatStreamAccumulator().push({ choices: 'content_block_delta' });
}
