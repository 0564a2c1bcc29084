// A tiny OpenAI-compatible server for the demo's endpoint mode: Chat Completions (and the
// Responses API, in fake-responses-route.ts) stream SSE, call get_weather when asked about
// weather, and answer "prompt too long" on demand.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { answerResponses, type ResponsesRequestBody } from './fake-responses-route.js';

/** A request the server received. */
export interface RecordedRequest {
  authorization: string | undefined;
  /** `/v1/chat/completions` or `/v1/responses`. */
  path: string;
  /** The body of a `/v1/responses` request (`body` then holds it too, as far as it fits). */
  responses?: ResponsesRequestBody;
  body: {
    model?: string;
    stream?: boolean;
    tools?: unknown[];
    messages: { role: string; content: unknown; tool_calls?: unknown[]; tool_call_id?: string }[];
  };
  /** The prompt's size as the server counted it (o200k, like OpenAI's current models). */
  promptTokens: number;
}

/** How the server behaves. */
export interface FakeOpenAIServerOptions {
  /** The model's context window: a request whose prompt counts more is refused with HTTP 400, as OpenAI does. */
  contextLimit?: number;
}

/** The running server: its base URL (with /v1) and what it was sent. */
export interface FakeOpenAIServer {
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

/** What the server answers (HTTP 400) to a user message containing "overflow". */
export const OVERFLOW_MESSAGE = "This model's maximum context length is 8192 tokens. However, your messages resulted in 9120 tokens.";
/** What the server answers to a non-streamed request (a compaction summary). */
export const MODEL_SUMMARY = 'Summary written by the endpoint model.';

/**
 * Starts the server on 127.0.0.1 and a free port. It counts every prompt with o200k (messages,
 * a few tokens each for their framing, and the tool definitions), reports that count as
 * `usage.prompt_tokens`, and refuses prompts over `contextLimit`.
 */
export async function startFakeOpenAIServer(options: FakeOpenAIServerOptions = {}): Promise<FakeOpenAIServer> {
  const requests: RecordedRequest[] = [];
  const limit = options.contextLimit ?? Number.POSITIVE_INFINITY;
  const server: Server = createServer((request, response) => {
    void handle(request, response, requests, limit).catch((error: unknown) => {
      response.writeHead(500, cors({ 'content-type': 'text/plain' }));
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

function cors(headers: Record<string, string>): Record<string, string> {
  return {
    ...headers,
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'content-type, authorization',
    'access-control-allow-methods': 'POST, OPTIONS',
  };
}

/** Tokens per message for its role and separators, as OpenAI documents for its chat format. */
const TOKENS_PER_MESSAGE = 3;

/** The prompt tokens of a request body, counted as the server counts them. */
export function promptTokensOf(body: RecordedRequest['body']): number {
  let total = body.tools === undefined ? 0 : encode(JSON.stringify(body.tools)).length;
  for (const message of body.messages) {
    const content = typeof message.content === 'string' ? message.content : JSON.stringify(message.content ?? '');
    total += TOKENS_PER_MESSAGE + encode(content).length + (message.tool_calls ? encode(JSON.stringify(message.tool_calls)).length : 0);
  }
  return total;
}

function overflowMessage(limit: number, tokens: number): string {
  return `This model's maximum context length is ${limit} tokens. However, your messages resulted in ${tokens} tokens.`;
}

async function handle(request: IncomingMessage, response: ServerResponse, requests: RecordedRequest[], limit: number): Promise<void> {
  if (request.method === 'OPTIONS') {
    response.writeHead(204, cors({}));
    response.end();
    return;
  }
  if (request.method !== 'POST' || (request.url !== '/v1/chat/completions' && request.url !== '/v1/responses')) {
    response.writeHead(404, cors({ 'content-type': 'application/json' }));
    response.end(JSON.stringify({ error: { message: `No route ${request.method} ${request.url}` } }));
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  if (request.url === '/v1/responses') {
    const responsesBody = parsed as ResponsesRequestBody;
    // The Responses route has no context limit of its own: counted roughly, for the record.
    const promptTokens = encode(JSON.stringify(responsesBody)).length;
    requests.push({ authorization: request.headers.authorization, path: request.url, responses: responsesBody, body: { ...responsesBody, messages: [] }, promptTokens });
    await answerResponses(responsesBody, response, cors({}), requests.length);
    return;
  }
  const body = parsed as RecordedRequest['body'];
  const promptTokens = promptTokensOf(body);
  requests.push({ authorization: request.headers.authorization, path: request.url ?? '', body, promptTokens });
  if (promptTokens > limit) {
    response.writeHead(400, cors({ 'content-type': 'application/json' }));
    response.end(JSON.stringify({ error: { message: overflowMessage(limit, promptTokens), type: 'invalid_request_error', code: 'context_length_exceeded' } }));
    return;
  }

  const last = body.messages.at(-1);
  const lastText = typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
  if (last?.role === 'user' && /overflow/i.test(lastText)) {
    response.writeHead(400, cors({ 'content-type': 'application/json' }));
    response.end(JSON.stringify({ error: { message: OVERFLOW_MESSAGE, type: 'invalid_request_error', code: 'context_length_exceeded' } }));
    return;
  }
  if (body.stream !== true) {
    response.writeHead(200, cors({ 'content-type': 'application/json' }));
    response.end(JSON.stringify({
      id: 'chatcmpl-summary', object: 'chat.completion', created: 1, model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content: MODEL_SUMMARY }, finish_reason: 'stop' }],
    }));
    return;
  }

  response.writeHead(200, cors({ 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }));
  const send = async (data: unknown): Promise<void> => {
    response.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  };
  const chunk = (delta: Record<string, unknown>, finish: string | null = null): Record<string, unknown> => ({
    id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model: body.model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  await send(chunk({ role: 'assistant', content: '' }));
  let completion = 'get_weather{"city": "Bergen"}';
  if (last?.role === 'user' && /weather/i.test(lastText)) {
    await send(chunk({ tool_calls: [{ index: 0, id: `call_fake_${requests.length}`, type: 'function', function: { name: 'get_weather', arguments: '' } }] }));
    for (const part of ['{"ci', 'ty": "Ber', 'gen"}']) await send(chunk({ tool_calls: [{ index: 0, function: { arguments: part } }] }));
    await send(chunk({}, 'tool_calls'));
  } else {
    completion = last?.role === 'tool' ? `The tool said: ${lastText}` : `Echo from the endpoint: ${lastText}`;
    for (const word of completion.match(/\S+\s*|\s+/g) ?? []) await send(chunk({ content: word }));
    await send(chunk({}, 'stop'));
  }
  const completionTokens = encode(completion).length;
  await send({
    id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model: body.model, choices: [],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  });
  await send('[DONE]');
  response.end();
}
