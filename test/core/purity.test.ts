/// <reference types="vite/client" />
// `src/core` must stay pure (DESIGN: no DOM, no IndexedDB, no Node APIs, no I/O, no globals), so
// it runs unchanged in a browser, a worker, Node or a server. Read as text through Vite, so this
// runs in the browser project too.
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>('../../src/core/*.ts', { query: '?raw', import: 'default', eager: true });

// Globals of one host or another, caught where code uses them: a member access, a call or `typeof`.
const HOST_GLOBALS = [
  'window', 'document', 'navigator', 'self', 'globalThis', 'indexedDB', 'IDBKeyRange', 'localStorage', 'sessionStorage',
  'BroadcastChannel', 'fetch', 'XMLHttpRequest', 'process', 'Buffer', 'require', 'setTimeout', 'setInterval', 'queueMicrotask',
  'crypto', 'performance', 'structuredClone', 'atob', 'btoa', 'TextEncoder', 'TextDecoder',
];
const GLOBAL_USE = new RegExp(`(?<![.\\w$])(?:typeof\\s+(?:${HOST_GLOBALS.join('|')})\\b|(?:${HOST_GLOBALS.join('|')})\\s*[.(\\[])`);

/** The code without comments, strings and regular expressions, so prose about a context window is not taken for code. */
function code(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/\s\/\/ .*$/gm, '')
    .replace(/'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`/g, "''")
    .replace(/(^|[(,=:[!&|?{};]\s*)\/(?:\\.|[^/\\\n])+\/[dgimsuy]*/gm, '$1/x/');
}

describe('src/core purity', () => {
  it('reads every core file', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(30);
  });

  // zod/mini, not zod's classic API: the classic API alone would put the core over its 25 KB budget.
  it.each(Object.entries(sources))('%s imports only core files, zod/mini and uuid', (_path, source) => {
    const specifiers = [...source.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1]!);
    for (const specifier of specifiers) expect(specifier).toMatch(/^(\.\/[\w-]+\.js|zod\/mini|uuid)$/);
  });

  it.each(Object.entries(sources))('%s uses no host global', (_path, source) => {
    expect(code(source)).not.toMatch(GLOBAL_USE);
  });

  it('the global check does find a host global', () => {
    expect(code('const copy = structuredClone(value);')).toMatch(GLOBAL_USE);
    expect(code('if (typeof window !== "undefined") run();')).toMatch(GLOBAL_USE);
    expect(code('// the context window is exceeded\nconst windowIndex = 1;')).not.toMatch(GLOBAL_USE);
    expect(code("import { x } from './trailing-window.js';\nconst pattern = /context window (is )?exceeded/;")).not.toMatch(GLOBAL_USE);
  });
});
