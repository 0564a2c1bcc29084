// Credentials never travel in a URL and never end up in an error, a cause or an event: the
// serialized form of every error and event of a failing sync is scanned for the secret.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { user } from '../../src/core/constructors.js';
import { isConvologError } from '../../src/core/error.js';
import type { SyncEvent } from '../../src/sync/index.js';
import { useCouchServer } from './couch-server.js';
import { useDevices } from './devices.js';
import { syncOf } from './sync-helpers.js';

const server = useCouchServer();
const device = useDevices();

const SECRET = 'hunter2-s3cr3t-t0ken';

/** Everything an app could log or report about `value`: message, stack, cause chain, own properties. */
function serialized(value: unknown): string {
  return `${inspect(value, { depth: 20, showHidden: true, breakLength: Infinity })}\n${JSON.stringify(value, (_key, inner: unknown) =>
    inner instanceof Error ? { ...inner, message: inner.message, stack: inner.stack, cause: inner.cause } : inner)}`;
}

/** What a pull, a push and live mode produce with `fetch` and `headers`: every error thrown and every event. */
async function everythingReported(url: string, options: { fetch?: typeof fetch; headers: Record<string, string> }): Promise<unknown[]> {
  const store = await device();
  const conversation = await store.createConversation();
  await store.append(conversation.id, [user('hello')]);
  const reported: unknown[] = [];
  const sync = syncOf(store, url, { ...options, initialRetryMs: 10, maxRetryMs: 10 });
  sync.subscribe((event: SyncEvent) => reported.push(event));
  for (const run of [() => sync.setup(), () => sync.pull(), () => sync.push(), () => sync.once(), () => sync.pendingCount()]) {
    await run().then(() => undefined, (error: unknown) => reported.push(error));
  }
  const errorEvents = new Promise<void>((resolve) => {
    let seen = 0;
    sync.subscribe((event) => event.type === 'error' && ++seen === 2 && resolve());
  });
  sync.start();
  await errorEvents;
  sync.stop();
  return reported;
}

describe('credentials', { timeout: 60_000 }, () => {
  it('a URL with a user name or password is refused at createCouchSync with invalid_option, saying to use headers', async () => {
    const store = await device();
    for (const url of [`https://alice:${SECRET}@couch.example.com/db`, `http://alice@127.0.0.1:5984/db`, `https://:${SECRET}@couch.example.com/db`]) {
      let thrown: unknown;
      try {
        syncOf(store, url);
      } catch (error) {
        thrown = error;
      }
      expect(isConvologError(thrown, 'invalid_option'), url).toBe(true);
      expect((thrown as Error).message).toMatch(/headers/);
      expect((thrown as Error).message).toMatch(/authorization/);
      expect(thrown).toMatchObject({ details: { option: 'url' } });
      expect(serialized(thrown)).not.toContain(SECRET);
      expect(serialized(thrown)).not.toContain('alice');
    }
  });

  it('a header value fetch refuses (a token pasted with a line break) fails as sync_failed without the token in any error or event', async () => {
    const url = await server().database();
    const reported = await everythingReported(url, { headers: { authorization: `Bearer ${SECRET}\r\n${SECRET}` } });
    const errors = reported.filter((item) => isConvologError(item, 'sync_failed') || (item as SyncEvent).type === 'error');
    expect(errors.length).toBeGreaterThanOrEqual(5);
    for (const item of reported) expect(serialized(item)).not.toContain(SECRET);
    // The cause stays, with the secret cut out: the app still learns why.
    const thrown = reported.find((item) => isConvologError(item, 'sync_failed')) as Error;
    expect(serialized(thrown.cause)).toMatch(/invalid header value/);
  });

  it('a fetch or server that echoes the headers: no error, cause or event carries them', async () => {
    const url = await server().database();
    const headers = { authorization: `Bearer ${SECRET}`, 'x-api-key': `key-${SECRET}` };
    const echoingFetch: typeof fetch = async (input, init) => {
      const sent = JSON.stringify(init?.headers);
      if (String(input).includes('/_local/')) return fetch(input, init);
      if (String(input).includes('_changes')) {
        return new Response(JSON.stringify({ error: 'unauthorized', reason: `token rejected: ${sent}` }), { status: 401 });
      }
      if (String(input).includes('_bulk_docs')) {
        const docs = (JSON.parse(String(init?.body)) as { docs: unknown[] }).docs;
        return new Response(JSON.stringify(docs.map(() => ({ error: 'forbidden', reason: `not with ${sent}` }))), { status: 201 });
      }
      throw new TypeError(`request to ${String(input)} failed`, { cause: new Error(`sent headers ${sent}`) });
    };
    const reported = await everythingReported(url, { fetch: echoingFetch, headers });
    expect(reported.filter((item) => isConvologError(item, 'sync_failed')).length).toBeGreaterThanOrEqual(3);
    for (const item of reported) {
      expect(serialized(item)).not.toContain(SECRET);
      expect(serialized(item)).not.toContain(`Bearer ${SECRET}`);
    }
    expect(serialized(reported)).toMatch(/token rejected/);
  });
});
