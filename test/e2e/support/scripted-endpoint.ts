// An OpenAI-compatible Chat Completions endpoint that answers what the test scripts: each reply
// streamed in small chunks a few milliseconds apart (so a test sees it arrive), or an HTTP error.
// Replies are taken in order; when none is scripted it answers "OK.".
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';

/** One scripted reply. */
export type ScriptedReply =
  | { readonly text: string; readonly chunkSize?: number; readonly delayMs?: number }
  | { readonly status: number; readonly message: string };

/** The running endpoint. */
export interface ScriptedEndpoint {
  readonly baseUrl: string;
  /** Queues replies, answered in order. */
  script(...replies: ScriptedReply[]): void;
  /** The `messages` of every streamed request, in order. */
  readonly requests: { role: string; content: unknown }[][];
  close(): Promise<void>;
}

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, authorization', 'access-control-allow-methods': 'POST, OPTIONS' };

/** Starts the endpoint on 127.0.0.1 and a free port. */
export async function startScriptedEndpoint(): Promise<ScriptedEndpoint> {
  const queue: ScriptedReply[] = [];
  const requests: { role: string; content: unknown }[][] = [];
  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.method === 'OPTIONS') {
        response.writeHead(204, CORS).end();
        return;
      }
      const parts: Buffer[] = [];
      for await (const part of request) parts.push(part as Buffer);
      const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as { stream?: boolean; messages: { role: string; content: unknown }[] };
      if (body.stream !== true) {
        response.writeHead(200, { ...CORS, 'content-type': 'application/json' });
        response.end(JSON.stringify({ id: 's', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'A summary.' }, finish_reason: 'stop' }] }));
        return;
      }
      requests.push(body.messages);
      const reply = queue.shift() ?? { text: 'OK.' };
      if ('status' in reply) {
        response.writeHead(reply.status, { ...CORS, 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: reply.message, type: 'server_error' } }));
        return;
      }
      response.writeHead(200, { ...CORS, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const send = async (data: unknown, delay: number): Promise<void> => {
        response.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      };
      const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] });
      const size = reply.chunkSize ?? 12;
      const delay = reply.delayMs ?? 2;
      await send(chunk({ role: 'assistant', content: '' }), delay);
      for (let index = 0; index < reply.text.length; index += size) await send(chunk({ content: reply.text.slice(index, index + size) }), delay);
      await send(chunk({}, 'stop'), 0);
      await send('[DONE]', 0);
      response.end();
    })().catch((error: unknown) => {
      response.writeHead(500, CORS);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    script: (...replies) => queue.push(...replies),
    requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** Makes the demo page use `endpoint` from its first load (the settings it would have saved). */
export async function preferEndpoint(page: Page, endpoint: ScriptedEndpoint): Promise<void> {
  await page.addInitScript((baseUrl) => {
    if (localStorage.getItem('convolog-demo.settings') === null) {
      localStorage.setItem('convolog-demo.settings', JSON.stringify({ mode: 'endpoint', baseUrl, model: 'scripted-model', apiKey: 'k' }));
    }
  }, endpoint.baseUrl);
}
