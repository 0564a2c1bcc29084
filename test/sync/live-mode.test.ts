// Live mode's plumbing: the long poll is aborted on stop(), failures are retried with exponential
// backoff until the server answers again, and configured headers reach every request.
import { describe, expect, it } from 'vitest';
import { user } from '../../src/core/constructors.js';
import type { SyncEvent } from '../../src/sync/index.js';
import { backoffDelay } from '../../src/sync/backoff.js';
import { useCouchServer } from './couch-server.js';
import { useDevices } from './devices.js';
import { syncOf } from './sync-helpers.js';

const server = useCouchServer();
const device = useDevices();

function nextEvent(events: SyncEvent[], type: SyncEvent['type'], from = 0): Promise<SyncEvent> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 30_000;
    const check = () => {
      const found = events.slice(from).find((event) => event.type === type);
      if (found !== undefined) return resolve(found);
      if (Date.now() > deadline) return reject(new Error(`no ${type} event`));
      setTimeout(check, 20);
    };
    check();
  });
}

describe('live mode', { timeout: 60_000 }, () => {
  it('backs off exponentially: 1 s, 2 s, 4 s … capped', () => {
    expect([1, 2, 3, 4].map((failures) => backoffDelay(failures))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(30)).toBe(60_000);
    expect(backoffDelay(3, { initialMs: 50, maxMs: 150 })).toBe(150);
  });

  it('stop() aborts the open long poll', async () => {
    const url = await server().database();
    const store = await device();
    const polls: AbortSignal[] = [];
    const watching: typeof fetch = (input, init) => {
      if (String(input).includes('feed=longpoll') && init?.signal) polls.push(init.signal);
      return fetch(input, init);
    };
    const sync = syncOf(store, url, { fetch: watching });
    const events: SyncEvent[] = [];
    sync.subscribe((event) => events.push(event));
    sync.start();
    await nextEvent(events, 'idle');
    await expect.poll(() => polls.length).toBe(1);
    expect(polls[0]!.aborted).toBe(false);
    sync.stop();
    expect(polls[0]!.aborted).toBe(true);
    expect(sync.live).toBe(false);
  });

  it('a failing server is retried with backoff (error events with retryInMs) until it answers, then syncs', async () => {
    const url = await server().database();
    const store = await device();
    const conversation = await store.createConversation();
    await store.append(conversation.id, [user('written while the server was down')]);
    let down = true;
    const flaky: typeof fetch = (input, init) => (down ? Promise.reject(new TypeError('connection refused')) : fetch(input, init));
    const sync = syncOf(store, url, { fetch: flaky, initialRetryMs: 20, maxRetryMs: 40 });
    const events: SyncEvent[] = [];
    sync.subscribe((event) => events.push(event));
    sync.start();
    await expect.poll(() => events.filter((event) => event.type === 'error').length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    const retries = events.flatMap((event) => (event.type === 'error' ? [event.retryInMs] : []));
    expect(retries.slice(0, 3)).toEqual([20, 40, 40]);
    expect(events.find((event) => event.type === 'error')).toMatchObject({ error: { code: 'sync_failed' } });
    down = false;
    await nextEvent(events, 'idle');
    sync.stop();
    const documents = await (await fetch(`${url}/_all_docs`)).json() as { total_rows: number };
    expect(documents.total_rows).toBe(2);
  });

  it('sends the configured headers with every request', async () => {
    const url = await server().database();
    const store = await device();
    await store.createConversation();
    const seen: string[] = [];
    const recording: typeof fetch = (input, init) => {
      seen.push(new Headers(init?.headers).get('authorization') ?? 'none');
      return fetch(input, init);
    };
    await syncOf(store, url, { fetch: recording, headers: { authorization: 'Bearer token-1' } }).once();
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(new Set(seen)).toEqual(new Set(['Bearer token-1']));
  });
});
