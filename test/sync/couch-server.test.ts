// The test server itself: it answers, gives fresh databases, and is gone after stop().
import { describe, expect, it } from 'vitest';
import { startCouchServer } from './couch-server.js';

describe('startCouchServer', () => {
  it('serves fresh databases on loopback and leaves no process behind', async () => {
    const server = await startCouchServer();
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const first = await server.database();
      const second = await server.database();
      expect(first).not.toBe(second);
      const info = await (await fetch(first)).json() as { doc_count: number };
      expect(info.doc_count).toBe(0);
      const preflight = await fetch(`${first}/_bulk_docs`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    } finally {
      await server.stop();
    }
    await expect(fetch(server.url)).rejects.toThrow();
  }, 40_000);
});
