// The folders show the architecture, and imports run one way only (DESIGN, Part II):
// - between entry points: core imports nothing of ours; store, adapters and importers import core;
//   sync, ai-sdk and react may import core, the store and adapters; nothing imports the demo.
// - inside the demo, by screen region (below).
// - inside the store, layer by layer: the face (`openStore`, the API object) on top, then
//   the journal (DESIGN §21, which restores through import), transfer (import/export), log (entries, branches), search, conversations,
//   attachments (DESIGN §18: bytes and their references, which every writer of entries and every deletion keeps), the database layer,
//   change notification, and the shared types at the bottom. A file imports its own folder or a
//   lower layer, never a higher one.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');

/** Entry-point folders and the folders each may import from (besides itself). */
const ENTRY_POINTS: Record<string, readonly string[]> = {
  core: [],
  store: ['core'],
  adapters: ['core'],
  importers: ['core'],
  sync: ['core', 'store', 'adapters'],
  'ai-sdk': ['core', 'store', 'adapters'],
  react: ['core', 'store', 'adapters'],
};

/** The store's layers, top to bottom; '' is the face (files directly in src/store). */
const STORE_LAYERS = ['', 'journal', 'transfer', 'log', 'search', 'conversations', 'attachments', 'database', 'changes', 'types'] as const;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The relative specifiers a file imports or re-exports, resolved to absolute paths. */
function relativeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gm)].map((match) => match[1]!);
  return specifiers.map((specifier) => resolve(dirname(file), specifier));
}

/** The top folder under src/ (`core`, `store`, …) or '' for src/index.ts. */
function entryPointOf(path: string): string {
  const parts = relative(SRC, path).split(sep);
  return parts.length > 1 ? parts[0]! : '';
}

/** The store layer of a file inside src/store. */
function storeLayerOf(path: string): string {
  const parts = relative(join(SRC, 'store'), path).split(sep);
  return parts.length > 1 ? parts[0]! : '';
}

/** Whether a store file may import another store file: same layer or a lower one. */
function mayImportInStore(file: string, target: string): boolean {
  const rank = STORE_LAYERS.indexOf(storeLayerOf(file) as (typeof STORE_LAYERS)[number]);
  return STORE_LAYERS.indexOf(storeLayerOf(target) as (typeof STORE_LAYERS)[number]) >= rank;
}

const allFiles = sourceFiles(SRC);
const storeFiles = allFiles.filter((file) => entryPointOf(file) === 'store');

describe('entry points import one way', () => {
  it('every folder under src/ is a known entry point', () => {
    const folders = new Set(allFiles.map(entryPointOf).filter((folder) => folder !== ''));
    for (const folder of folders) expect(Object.keys(ENTRY_POINTS)).toContain(folder);
  });

  it.each(allFiles.filter((file) => entryPointOf(file) !== '').map((file) => [relative(SRC, file), file]))(
    '%s imports only what its entry point may',
    (_name, file) => {
      const own = entryPointOf(file);
      for (const target of relativeImports(file)) {
        const to = entryPointOf(target);
        if (to === own) continue;
        expect([own, ...ENTRY_POINTS[own]!], `${relative(SRC, file)} imports ${relative(SRC, target)}`).toContain(to);
      }
    },
  );

  it('nothing in src/ imports the demo', () => {
    for (const file of allFiles) {
      for (const target of relativeImports(file)) expect(relative(SRC, target).startsWith('..')).toBe(false);
    }
  });
});

describe('the store is layered', () => {
  it('every store folder is a known layer', () => {
    const layers = new Set(storeFiles.map(storeLayerOf));
    for (const layer of layers) expect(STORE_LAYERS).toContain(layer);
  });

  it.each(storeFiles.map((file) => [relative(SRC, file), file]))('%s imports only its own layer or lower ones', (_name, file) => {
    for (const target of relativeImports(file)) {
      if (entryPointOf(target) !== 'store') continue;
      expect(mayImportInStore(file, target), `${relative(SRC, file)} imports ${relative(SRC, target)}`).toBe(true);
    }
  });

  it('the check does catch an upward import', () => {
    const at = (...parts: string[]) => join(SRC, 'store', ...parts);
    expect(mayImportInStore(at('log', 'append.ts'), at('convolog-store.ts'))).toBe(false);
    expect(mayImportInStore(at('types', 'options.ts'), at('database', 'schema.ts'))).toBe(false);
    expect(mayImportInStore(at('convolog-store.ts'), at('log', 'append.ts'))).toBe(true);
    expect(mayImportInStore(at('log', 'append.ts'), at('log', 'read-window.ts'))).toBe(true);
  });
});

// The demo is grouped by screen region, imports one way: the app shell and its actions (`app/`)
// on top; the regions of the screen (chat list, transcript, composer, settings, dialogs) beside
// each other, never importing one another; the assistant back ends (`model/`) under them; and
// `shared/` (DOM helpers, icons, formatting, notices) at the bottom. It reaches convolog only
// through the public entry points, as an app would.
const DEMO = resolve(import.meta.dirname, '../../demo');

/** Demo folders and the folders each may import from (besides itself). */
const DEMO_FOLDERS: Record<string, readonly string[]> = {
  app: ['chat-list', 'transcript', 'composer', 'settings', 'dialogs', 'model', 'shared'],
  'chat-list': ['model', 'shared'],
  transcript: ['model', 'shared'],
  composer: ['model', 'shared'],
  settings: ['model', 'shared'],
  dialogs: ['model', 'shared'],
  model: ['shared'],
  shared: [],
};

/** The public entry points' files: src/index.ts and each subpath's index.ts. */
const PUBLIC_ENTRIES = new Set([join(SRC, 'index.ts'), ...Object.keys(ENTRY_POINTS).map((point) => join(SRC, point, 'index.ts'))]);

/** The demo folder of a path inside demo/, '' for a file directly in it, undefined outside. */
function demoFolderOf(path: string): string | undefined {
  const parts = relative(DEMO, path).split(sep);
  if (parts[0] === '..') return undefined;
  return parts.length > 1 ? parts[0]! : '';
}

/** Whether a demo file may import `target` (a resolved path, `.js` written for `.ts`). */
function mayImportInDemo(file: string, target: string): boolean {
  const to = demoFolderOf(target);
  if (to === undefined) return PUBLIC_ENTRIES.has(target.replace(/\.js$/, '.ts'));
  const own = demoFolderOf(file)!;
  return to === own || to === '' || DEMO_FOLDERS[own]!.includes(to);
}

const demoFiles = sourceFiles(DEMO).filter((file) => !file.endsWith('.d.ts'));

describe('the demo is grouped by screen region', () => {
  it('every demo file is in a known folder', () => {
    for (const file of demoFiles) expect(Object.keys(DEMO_FOLDERS), relative(DEMO, file)).toContain(demoFolderOf(file));
  });

  it.each(demoFiles.map((file) => [relative(DEMO, file), file]))('%s imports its own folder, a lower one or a public entry point', (_name, file) => {
    for (const target of relativeImports(file)) {
      if (target.endsWith('.css')) continue;
      expect(mayImportInDemo(file, target), `${relative(DEMO, file)} imports ${relative(DEMO, target)}`).toBe(true);
    }
  });

  it('the check does catch a region importing another, an upward import and a private module', () => {
    const at = (...parts: string[]) => join(DEMO, ...parts);
    expect(mayImportInDemo(at('transcript', 'message-view.ts'), at('chat-list', 'sidebar.js'))).toBe(false);
    expect(mayImportInDemo(at('shared', 'dom.ts'), at('app', 'app-host.js'))).toBe(false);
    expect(mayImportInDemo(at('model', 'chat-model.ts'), at('settings', 'storage-panel.js'))).toBe(false);
    expect(mayImportInDemo(at('app', 'app.ts'), join(SRC, 'store', 'open-store.js'))).toBe(false);
    expect(mayImportInDemo(at('app', 'app.ts'), join(SRC, 'index.js'))).toBe(true);
    expect(mayImportInDemo(at('app', 'app.ts'), at('transcript', 'transcript.js'))).toBe(true);
  });
});
