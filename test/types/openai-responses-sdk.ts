// Compiles real `openai` Responses API calls against our adapter (DESIGN §14): the body spreads
// into `responses.create` (stateless, with encrypted reasoning), the SDK's `Response` and
// `ResponseStreamEvent` go into `fromOpenAIResponse` and the accumulator, with no casts.
// Type-checked only, never run.
import type OpenAI from 'openai';
import type { Response, ResponseInputItem, ResponseStreamEvent, Tool } from 'openai/resources/responses/responses';
import { fromOpenAIResponse, OpenAIResponsesStreamAccumulator, toOpenAIResponsesInput } from '../../src/adapters/index.js';
import type { ConvertedResponse, FinishedTurn } from '../../src/adapters/index.js';
import { toolResult, type Message, type ToolCallBlock } from '../../src/core/index.js';
import type { ConvologStore } from '../../src/index.js';

export async function createdTurn(openai: OpenAI, context: Message[]): Promise<ConvertedResponse> {
  const response = await openai.responses.create({
    model: 'gpt-5', store: false, include: ['reasoning.encrypted_content'], ...toOpenAIResponsesInput(context, { system: 'Be brief.' }).body,
  });
  return fromOpenAIResponse(response);
}

export async function streamedTurn(openai: OpenAI, context: Message[]): Promise<FinishedTurn> {
  const accumulator = new OpenAIResponsesStreamAccumulator();
  const stream = await openai.responses.create({ model: 'gpt-5', stream: true, store: false, ...toOpenAIResponsesInput(context).body });
  for await (const event of stream) accumulator.push(event);
  return accumulator.finish();
}

export async function helperStreamTurn(openai: OpenAI, context: Message[]): Promise<FinishedTurn> {
  const accumulator = new OpenAIResponsesStreamAccumulator();
  for await (const event of openai.responses.stream({ model: 'gpt-5', ...toOpenAIResponsesInput(context).body })) accumulator.push(event);
  return accumulator.finish();
}

export function sdkValues(response: Response, event: ResponseStreamEvent, context: Message[]): void {
  fromOpenAIResponse(response);
  new OpenAIResponsesStreamAccumulator().push(event);
  const input: ResponseInputItem[] = toOpenAIResponsesInput(context).body.input;
  void input;
  // Plain parsed JSON still goes in.
  new OpenAIResponsesStreamAccumulator().push({ type: 'response.output_text.delta', output_index: 0, content_index: 0, delta: 'x' });
  // @ts-expect-error an event has a `type`: our types did not widen to `any`.
  new OpenAIResponsesStreamAccumulator().push({ delta: 'x' });
}

/** The README's stateless tool loop, as written there. */
export async function statelessLoop(
  openai: OpenAI, store: ConvologStore, id: string, tools: Tool[], run: (call: ToolCallBlock) => Promise<string>,
): Promise<void> {
  for (;;) {
    const { body } = toOpenAIResponsesInput(await store.context(id), { system: 'You are helpful.' });
    const accumulator = new OpenAIResponsesStreamAccumulator();
    const stream = await openai.responses.create({
      model: 'gpt-5', tools, stream: true, store: false, include: ['reasoning.encrypted_content'], ...body,
    });
    for await (const event of stream) accumulator.push(event);
    const { message } = accumulator.finish();
    await store.append(id, [message]);
    const calls = message.content.filter((block) => block.type === 'tool_call');
    if (calls.length === 0) break;
    await store.append(id, await Promise.all(calls.map(async (call) => toolResult(call.id, call.name, await run(call)))));
  }
}
