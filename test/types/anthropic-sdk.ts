// Compiles real @anthropic-ai/sdk calls against our adapters (DESIGN §14): the body spreads into
// `messages.create` and `messages.stream`, the SDK's `Message` and `MessageStreamEvent` go into
// `fromAnthropicMessage` and the accumulator, with no casts. Type-checked only, never run.
import type Anthropic from '@anthropic-ai/sdk';
import type { Message as AnthropicSdkMessage, MessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { AnthropicStreamAccumulator, fromAnthropicMessage, toAnthropicMessages } from '../../src/adapters/index.js';
import type { ConvertedResponse, FinishedTurn } from '../../src/adapters/index.js';
import type { Message } from '../../src/core/index.js';

export async function createdTurn(anthropic: Anthropic, context: Message[]): Promise<ConvertedResponse> {
  const message = await anthropic.messages.create({ model: 'claude-sonnet-4-5', max_tokens: 1024, ...toAnthropicMessages(context, { system: 'Be brief.' }).body });
  return fromAnthropicMessage(message);
}

export async function streamedTurn(anthropic: Anthropic, context: Message[]): Promise<FinishedTurn> {
  const accumulator = new AnthropicStreamAccumulator();
  for await (const event of anthropic.messages.stream({ model: 'claude-sonnet-4-5', max_tokens: 1024, ...toAnthropicMessages(context).body })) {
    accumulator.push(event);
  }
  return accumulator.finish();
}

export async function rawStreamTurn(anthropic: Anthropic, context: Message[]): Promise<FinishedTurn> {
  const accumulator = new AnthropicStreamAccumulator();
  const stream = await anthropic.messages.create({ model: 'claude-sonnet-4-5', max_tokens: 1024, stream: true, ...toAnthropicMessages(context).body });
  for await (const event of stream) accumulator.push(event);
  return accumulator.finish();
}

export function sdkValues(message: AnthropicSdkMessage, event: MessageStreamEvent): void {
  fromAnthropicMessage(message);
  new AnthropicStreamAccumulator().push(event);
  // Plain parsed JSON still goes in.
  new AnthropicStreamAccumulator().push({ type: 'message_stop' });
  // @ts-expect-error a Chat Completions chunk is not an Anthropic event: our types did not widen to `any`.
  new AnthropicStreamAccumulator().push({ choices: [{ delta: { content: 'x' } }] });
}
