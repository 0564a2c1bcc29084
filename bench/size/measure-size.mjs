// Figure 11: the minified + gzipped bytes a consumer bundle gains from convolog. Each case is a
// throwaway consumer under bench/.tmp/size/ built by Vite's build() with `convolog` aliased to
// src/; the gain is its gzipped JS minus that of a consumer importing nothing.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

/** 1 KB = 1024 bytes. */
const KB = 1024;

export const SIZE_CASES = [
  {
    id: '11a', title: "import { validate } from 'convolog/core'", budgetBytes: 3 * KB,
    source: "import { validate } from 'convolog/core';\nglobalThis.consumerKeeps = validate;\n",
  },
  {
    id: '11b', title: "the whole 'convolog/core' (import * and use it)", budgetBytes: 25 * KB,
    source: "import * as core from 'convolog/core';\nglobalThis.consumerKeeps = core;\n",
  },
  {
    id: '11c', title: "import { openStore } from 'convolog'", budgetBytes: 30 * KB,
    source: "import { openStore } from 'convolog';\nglobalThis.consumerKeeps = openStore;\n",
  },
];

const EMPTY_CONSUMER = "globalThis.consumerKeeps = 'nothing';\n";

/** Builds one consumer; returns its minified and gzipped JS bytes and the modules that made it. */
async function buildConsumer(repository, name, source, external = []) {
  const directory = join(repository, 'bench/.tmp/size', name);
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, 'consumer.js'), source);
  const output = await build({
    configFile: false,
    root: directory,
    logLevel: 'silent',
    resolve: {
      alias: [
        { find: /^convolog\/core$/, replacement: join(repository, 'src/core/index.ts') },
        { find: /^convolog\/adapters$/, replacement: join(repository, 'src/adapters/index.ts') },
        { find: /^convolog$/, replacement: join(repository, 'src/index.ts') },
      ],
    },
    build: {
      outDir: join(directory, 'dist'),
      emptyOutDir: true,
      minify: true,
      modulePreload: false,
      reportCompressedSize: false,
      rollupOptions: { input: join(directory, 'consumer.js'), external },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => result.output ?? []);
  const modules = chunks
    .filter((chunk) => chunk.type === 'chunk')
    .flatMap((chunk) => Object.entries(chunk.modules ?? {}).map(([id, info]) => ({ id, bytes: info.renderedLength })));
  const files = readdirSync(join(directory, 'dist'), { recursive: true }).filter((file) => String(file).endsWith('.js'));
  const code = files.map((file) => readFileSync(join(directory, 'dist', String(file)))).reduce((all, next) => Buffer.concat([all, next]), Buffer.alloc(0));
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length, modules };
}

/** Where the minified bytes come from, grouped by package or by convolog source folder. */
function breakdown(repository, modules) {
  const groups = new Map();
  for (const module of modules) {
    // Virtual modules (the bundler's runtime) have ids starting with a NUL byte.
    const path = module.id.replace(/\\/g, '/').replace(/^\0/, '');
    if (path.startsWith(join(repository, 'bench/.tmp'))) continue;
    const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1];
    const key = dependency ?? (path.startsWith(repository) ? path.slice(repository.length + 1).split('/').slice(0, 2).join('/') : path);
    groups.set(key, (groups.get(key) ?? 0) + module.bytes);
  }
  return [...groups.entries()].sort((left, right) => right[1] - left[1]).map(([source, bytes]) => ({ source, renderedBytes: bytes }));
}

/**
 * What zod itself costs for core's message and entry schemas, written with zod's classic API (as
 * src/core does) and with zod/mini: the evidence for the fix when a budget is exceeded.
 */
async function zodFlavours(repository, empty) {
  const flavours = {};
  for (const flavour of ['classic', 'mini']) {
    const source = readFileSync(join(repository, `bench/size/zod-flavours/${flavour}.js`), 'utf8');
    flavours[flavour] = (await buildConsumer(repository, `zod-${flavour}`, source)).gzipped - empty.gzipped;
  }
  return flavours;
}

/**
 * Measures every size case, and what core's schemas cost with zod and with zod/mini.
 * @param {{ repository: string, log: (text: string) => void }} options
 */
export async function runSizeFigures({ repository, log }) {
  const empty = await buildConsumer(repository, 'empty', EMPTY_CONSUMER);
  const results = [];
  for (const sizeCase of SIZE_CASES) {
    const base = { id: sizeCase.id, title: sizeCase.title, budgetBytes: sizeCase.budgetBytes };
    try {
      const built = await buildConsumer(repository, sizeCase.id, sizeCase.source);
      // The same consumer with zod left out of the bundle: convolog's own share (and idb's).
      const withoutZod = await buildConsumer(repository, `${sizeCase.id}-without-zod`, sizeCase.source, [/^zod(\/|$)/]);
      const gainedBytes = built.gzipped - empty.gzipped;
      results.push({
        ...base,
        gainedBytes,
        minifiedBytes: built.minified - empty.minified,
        gainedWithoutZodBytes: withoutZod.gzipped - empty.gzipped,
        pass: gainedBytes <= sizeCase.budgetBytes,
        breakdown: breakdown(repository, built.modules),
      });
      log(`size ${sizeCase.id}: +${gainedBytes} B gzipped (budget ${sizeCase.budgetBytes} B)`);
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      results.push({ ...base, error: `build failed: ${message}` });
      log(`size ${sizeCase.id}: build failed: ${message}`);
    }
  }
  let flavours;
  try {
    flavours = await zodFlavours(repository, empty);
    log(`size: core's schemas cost ${flavours.classic} B gzipped with zod, ${flavours.mini} B with zod/mini`);
  } catch (error) {
    log(`size: the zod comparison failed: ${String(error)}`);
  }
  return { cases: results, zodFlavours: flavours };
}
