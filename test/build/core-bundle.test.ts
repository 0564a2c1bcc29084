// `convolog/core` must stay pure: a consumer that imports it gets no idb code and nothing that
// touches a browser global at import time. Built the way a consumer would, with Vite.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type Rollup } from 'vite';

const root = resolve(import.meta.dirname, '../..');
// Inside node_modules so the throwaway consumer resolves packages the way a real one would.
const workDirectory = mkdtempSync(join(root, 'node_modules', '.convolog-bundle-'));
afterAll(() => rmSync(workDirectory, { recursive: true, force: true }));

// Strings that only idb's own source contains.
const IDB_MARKERS = ['idbProxyableTypes', 'reverseTransformCache'];

async function bundle(name: string, source: string): Promise<string> {
  const entry = join(workDirectory, `${name}.js`);
  writeFileSync(entry, source);
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root: workDirectory,
    resolve: {
      alias: [
        { find: /^convolog\/core$/, replacement: join(root, 'src/core/index.ts') },
        { find: /^convolog$/, replacement: join(root, 'src/index.ts') },
      ],
    },
    build: { write: false, minify: false, lib: { entry, formats: ['es'], fileName: name } },
  })) as Rollup.RollupOutput[];
  return output.flatMap((result) => result.output).map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
}

describe('the convolog/core entry', () => {
  it('bundles without any idb code', async () => {
    const code = await bundle('core', "import * as core from 'convolog/core'; console.log(core);");
    for (const marker of IDB_MARKERS) expect(code).not.toContain(marker);
    expect(code).not.toMatch(/\bindexedDB\b/);
  }, 60_000);

  it('the markers do find idb when it is bundled (the check can fail)', async () => {
    const code = await bundle('idb', "import { openDB } from 'idb'; console.log(openDB);");
    expect(IDB_MARKERS.some((marker) => code.includes(marker))).toBe(true);
  }, 60_000);

  it('imports in a context without browser globals', async () => {
    const core = await import('../../src/core/index.js');
    expect(typeof core.parseHistory).toBe('function');
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
  });
});
