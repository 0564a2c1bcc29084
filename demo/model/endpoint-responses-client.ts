// An OpenAI Responses API client (`POST /responses`): streams over SSE and hands each parsed
// event to the caller's accumulator. Stateless: `store: false` with the encrypted reasoning
// included, so each request carries the whole context, reasoning items in place.
import type { Message } from '../../src/index.js';
import {
  fromOpenAIResponse, toOpenAIResponsesInput, type OpenAIResponsesStreamEvent,
} from '../../src/adapters/index.js';
import { EndpointError, endpointError, errorMessage, parseJson, post } from './endpoint-client.js';
import { readServerSentEvents } from './sse.js';
import { TOOL_DEFINITIONS } from './tools.js';
import type { DemoSettings } from './settings.js';

/** The demo's tools in the Responses API's shape (name and parameters at the top level). */
const RESPONSES_TOOLS = TOOL_DEFINITIONS.map((tool) => ({ type: 'function', ...tool.function }));

/** Streams one response for the stored context `messages`. */
export async function* streamEndpointResponse(
  settings: DemoSettings,
  messages: readonly Message[],
  signal: AbortSignal,
): AsyncGenerator<OpenAIResponsesStreamEvent> {
  const { body } = toOpenAIResponsesInput(messages, { system: settings.systemPrompt });
  const response = await post(settings, '/responses', {
    model: settings.model,
    ...body,
    tools: RESPONSES_TOOLS,
    stream: true,
    store: false,
    include: ['reasoning.encrypted_content'],
  }, signal);
  if (response.body === null) throw new EndpointError('The endpoint answered with an empty body.', response.status, false);
  for await (const data of readServerSentEvents(response.body, signal)) {
    const event = parseJson(data) as OpenAIResponsesStreamEvent | undefined;
    if (event === undefined || event === null || typeof event !== 'object') continue; // keep-alives, blank data
    yield event;
    // The accumulator keeps the failure for finish(); the demo shows it as the endpoint's error.
    if (event.type === 'error') throw endpointError(errorMessage(event), response.status);
    if (event.type === 'response.failed') throw endpointError(errorMessage((event as { response?: { error?: unknown } }).response?.error ?? 'The response failed.'), response.status);
  }
}

/** One non-streamed response, for summaries. */
export async function completeEndpointResponse(settings: DemoSettings, system: string, prompt: string, signal?: AbortSignal): Promise<string> {
  const response = await post(settings, '/responses', { model: settings.model, instructions: system, input: prompt, store: false }, signal);
  const { message } = fromOpenAIResponse(await response.json());
  const text = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('').trim();
  if (text === '') throw new EndpointError('The model returned an empty summary.', response.status, false);
  return text;
}
