// An OpenAI-compatible Chat Completions client (OpenAI, llama.cpp, Ollama, vLLM, OpenRouter):
// streams over SSE and hands each parsed chunk to the caller's accumulator.
import { isContextOverflow, type Message } from '../../src/index.js';
import { toOpenAIChatMessages, fromOpenAIChatCompletion, type OpenAIChatCompletionChunk } from '../../src/adapters/index.js';
import { readServerSentEvents } from './sse.js';
import { TOOL_DEFINITIONS } from './tools.js';
import type { DemoSettings } from './settings.js';

/** An HTTP or network failure of the endpoint. `overflow`: the prompt was too long for the model. */
export class EndpointError extends Error {
  override readonly name = 'EndpointError';
  constructor(message: string, readonly status: number | undefined, readonly overflow: boolean) {
    super(message);
  }
}

/** Streams one completion for the stored context `messages`. */
export async function* streamEndpointCompletion(
  settings: DemoSettings,
  messages: readonly Message[],
  signal: AbortSignal,
): AsyncGenerator<OpenAIChatCompletionChunk> {
  const { body } = toOpenAIChatMessages(messages, { system: settings.systemPrompt });
  const response = await post(settings, '/chat/completions', {
    model: settings.model,
    ...body,
    tools: TOOL_DEFINITIONS,
    stream: true,
    stream_options: { include_usage: true },
  }, signal);
  if (response.body === null) throw new EndpointError('The endpoint answered with an empty body.', response.status, false);
  for await (const data of readServerSentEvents(response.body, signal)) {
    if (data.trim() === '[DONE]') return;
    const chunk = parseJson(data) as OpenAIChatCompletionChunk | undefined;
    if (chunk === undefined || chunk === null || typeof chunk !== 'object') continue; // keep-alives, blank data
    if (chunk.error !== undefined) throw endpointError(errorMessage(chunk.error), response.status);
    yield chunk;
  }
}

/** One non-streamed completion, for summaries. */
export async function completeEndpoint(settings: DemoSettings, system: string, prompt: string, signal?: AbortSignal): Promise<string> {
  const response = await post(settings, '/chat/completions', {
    model: settings.model,
    messages: [{ role: 'system', content: system }, { role: 'user', content: prompt }],
    stream: false,
  }, signal);
  const { message } = fromOpenAIChatCompletion(await response.json());
  const text = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('').trim();
  if (text === '') throw new EndpointError('The model returned an empty summary.', response.status, false);
  return text;
}

/** POSTs `body` as JSON to `path` under the base URL; network and HTTP failures become an {@link EndpointError}. */
export async function post(settings: DemoSettings, path: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<Response> {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}${path}`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (settings.apiKey !== '') headers.authorization = `Bearer ${settings.apiKey}`;
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: signal ?? null });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new EndpointError(`Could not reach ${url}: ${error instanceof Error ? error.message : String(error)}. ` +
      'Check the base URL, and that the server allows requests from this page (CORS).', undefined, false);
  }
  if (response.ok) return response;
  const text = await response.text().catch(() => '');
  throw endpointError(`HTTP ${response.status}: ${errorText(text) || response.statusText}`, response.status);
}

/** An {@link EndpointError}, marked `overflow` when the message says the prompt was too long. */
export function endpointError(message: string, status: number | undefined): EndpointError {
  return new EndpointError(message, status, isContextOverflow(message));
}

/** The message of an error object a server sent, or the object as JSON. */
export function errorMessage(error: unknown): string {
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : JSON.stringify(error);
}

function errorText(body: string): string {
  const json = parseJson(body) as { error?: { message?: unknown } | string; message?: unknown } | undefined;
  if (json === undefined) return body.slice(0, 500);
  if (typeof json.error === 'string') return json.error;
  if (json.error !== undefined && typeof json.error.message === 'string') return json.error.message;
  if (typeof json.message === 'string') return json.message;
  return body.slice(0, 500);
}

/** `text` parsed as JSON, or `undefined` when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
