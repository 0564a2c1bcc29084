// `convolog/core` must stay pure: nothing in it touches a browser global at import time. That a
// consumer bundle of it holds no idb code is checked on the packed package, in package.test.ts.
import { describe, expect, it } from 'vitest';

describe('the convolog/core entry', () => {
  it('imports in a context without browser globals', async () => {
    const core = await import('../../src/core/index.js');
    expect(typeof core.parseHistory).toBe('function');
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
  }, 60_000); // transforming all of core on first import: 5 s was not enough at load average 18
});
