// Figure 11 as a user gets it: `npm pack` the built package, install the tarball (with its runtime
// dependencies) into a throwaway consumer folder that has its own package.json, and build each
// one-line consumer there with Vite in library mode: no aliases, minified, gzip level 9. The
// gain of a case is what it loads up front (gzipped) minus that of an empty consumer; what it
// loads on first use through a dynamic import() is reported as `onDemandBytes`. Used by `npm run bench`
// (bench/run.mjs) and by the budget check in `npm test` (test/build/package.test.ts).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { SIZE_CASES, entryOf } from './size-cases.mjs';

const execute = promisify(execFile);
// Runs npm without the npm_* settings of an npm script this may run under (`npm test`), so the
// consumer's install sees only its own folder.
const cleanEnvironment = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));
const run = (command, parameters, options) => execute(command, parameters, { ...options, env: cleanEnvironment });
const EMPTY_CONSUMER = 'export const nothing = 0;\n';

/**
 * Text that survives minification only when a package's code does: zod's schemas all reach their
 * internals through the `_zod` property, and only idb names `continuePrimaryKey`. (The per-module
 * breakdown is measured before the minifier drops unused pure code, so it cannot tell.)
 */
const PACKAGE_MARKERS = { zod: '._zod', idb: 'continuePrimaryKey' };

/**
 * Packs the repository's package into `directory`; returns the tarball's path. Fails with a
 * clear message when the package has not been built.
 */
export async function packPackage(repository, directory) {
  if (!existsSync(join(repository, 'dist/index.js'))) {
    throw new Error(`${join(repository, 'dist')} is missing: run \`npm run build\` before packing the package`);
  }
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', directory], { cwd: repository });
  const [packed] = JSON.parse(stdout);
  return { tarball: join(directory, packed.filename), files: packed.files.map((file) => file.path), bytes: packed.size };
}

/**
 * Installs a tarball into a fresh consumer folder, from the npm cache where it can (the runtime
 * dependencies were fetched by the repository's own install). Returns the folder.
 */
export async function installConsumer(tarball, directory) {
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, 'package.json'), `${JSON.stringify({
    name: 'convolog-size-consumer', private: true, type: 'module', dependencies: { convolog: `file:${tarball}` },
  }, null, 2)}\n`);
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock'], { cwd: directory });
  return directory;
}

/**
 * Builds one consumer module in library mode; returns the minified and gzipped bytes it loads up
 * front (each chunk gzipped on its own, as it is served), those it loads on demand, and its parts.
 */
async function buildConsumer(consumerDirectory, name, source, external = []) {
  const entry = join(consumerDirectory, `${name}.js`);
  writeFileSync(entry, `${source}\n`);
  const output = await build({
    configFile: false,
    root: consumerDirectory,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      reportCompressedSize: false,
      lib: { entry, formats: ['es'], fileName: name },
      // Library mode keeps whitespace and `// node_modules/…` region comments in ES output (for a
      // further bundler); an app's build removes them, so minify as an app does. Also makes the
      // bytes independent of the working directory those comments are relative to.
      rollupOptions: { external, output: { minify: true, comments: false } },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => result.output ?? []).filter((chunk) => chunk.type === 'chunk');
  // What the app loads up front: the entry chunk and every chunk it imports statically. Code
  // behind a dynamic import() (the store's import/export) loads on first use: reported apart.
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const initial = new Set();
  const visit = (chunk) => {
    if (!chunk || initial.has(chunk)) return;
    initial.add(chunk);
    for (const imported of chunk.imports) visit(byName.get(imported));
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk);
  const measure = (list) => ({
    minified: list.reduce((sum, chunk) => sum + Buffer.byteLength(chunk.code), 0),
    gzipped: list.reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0),
  });
  const upFront = measure([...initial]);
  const onDemand = measure(chunks.filter((chunk) => !initial.has(chunk)));
  const modules = chunks.flatMap((chunk) => Object.entries(chunk.modules ?? {}).map(([id, info]) => ({ id, bytes: info.renderedLength })));
  const packagesIn = (list) => {
    const text = list.map((chunk) => chunk.code).join('\n');
    return Object.entries(PACKAGE_MARKERS).filter(([, marker]) => text.includes(marker)).map(([name]) => name);
  };
  const bundledPackages = packagesIn(chunks);
  // A marked package the minifier dropped entirely is no part of the bundle.
  const dropped = Object.keys(PACKAGE_MARKERS).filter((name) => !bundledPackages.includes(name));
  const kept = modules.filter((module) => !dropped.some((name) => module.id.replace(/\\/g, '/').includes(`/node_modules/${name}/`)));
  return { ...upFront, onDemandGzipped: onDemand.gzipped, modules: kept, bundledPackages, upFrontPackages: packagesIn([...initial]) };
}

/** Where the minified bytes come from: `convolog/<folder>` for our modules, else the package name. */
function breakdown(modules) {
  const groups = new Map();
  for (const module of modules) {
    const path = module.id.replace(/\\/g, '/').replace(/^\0/, '');
    const ours = /node_modules\/convolog\/dist\/([^/]+\/)?/.exec(path);
    const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1];
    const key = ours ? `convolog/${ours[1]?.slice(0, -1) ?? '(root)'}` : dependency ?? 'consumer';
    if (key === 'consumer' || module.bytes === 0) continue;
    groups.set(key, (groups.get(key) ?? 0) + module.bytes);
  }
  return [...groups.entries()].sort((left, right) => right[1] - left[1]).map(([source, bytes]) => ({ source, renderedBytes: bytes }));
}

/** What zod itself costs for core's schemas, classic API against zod/mini (evidence kept from issue 8). */
async function zodFlavours(repository, consumerDirectory, empty) {
  const flavours = {};
  for (const flavour of ['classic', 'mini']) {
    const source = readFileSync(join(repository, `bench/size/zod-flavours/${flavour}.js`), 'utf8');
    flavours[flavour] = (await buildConsumer(consumerDirectory, `zod-${flavour}`, source)).gzipped - empty.gzipped;
  }
  return flavours;
}

/**
 * Measures every size case on the packed package.
 *
 * @param {object} options
 * @param {string} options.repository the package to pack (ignored when `tarball` is given)
 * @param {string} [options.tarball] measure this tarball instead of packing the repository
 * @param {(text: string) => void} [options.log]
 * @param {boolean} [options.withoutZod] also build each case with zod left out (the bench's extra column)
 * @param {boolean} [options.withZodFlavours] also measure bench/size/zod-flavours
 * @param {readonly import('./size-cases.mjs').SizeCase[]} [options.cases]
 * @param {boolean} [options.keep] keep the throwaway folder (its path is in the result)
 */
export async function measurePackage({
  repository, tarball, log = () => {}, withoutZod = false, withZodFlavours = false, cases = SIZE_CASES, keep = false,
}) {
  const workDirectory = mkdtempSync(join(tmpdir(), 'convolog-size-'));
  try {
    const packed = tarball ? { tarball, files: undefined, bytes: undefined } : await packPackage(repository, workDirectory);
    const consumerDirectory = await installConsumer(packed.tarball, join(workDirectory, 'consumer'));
    const manifest = JSON.parse(readFileSync(join(consumerDirectory, 'node_modules/convolog/package.json'), 'utf8'));
    const exported = new Set(Object.keys(manifest.exports ?? {}));
    const empty = await buildConsumer(consumerDirectory, 'empty', EMPTY_CONSUMER);
    // A case may be over one outside `cases` (a partial run): look it up among all of them.
    const byId = new Map([...SIZE_CASES, ...cases].map((sizeCase) => [sizeCase.id, sizeCase]));
    const baselines = new Map();
    // What a case is measured over: an empty consumer, or the bundle of the case it is added to.
    const baselineOf = (sizeCase, external) => {
      if (sizeCase.over === undefined) return Promise.resolve(empty);
      const key = `${sizeCase.over} ${external.join(' ')}`;
      if (!baselines.has(key)) baselines.set(key, buildConsumer(consumerDirectory, `${sizeCase.over}-base-${baselines.size}`, byId.get(sizeCase.over).source, external));
      return baselines.get(key);
    };
    const results = await Promise.all(cases.map(async (sizeCase) => {
      const base = { id: sizeCase.id, title: sizeCase.source, description: sizeCase.description, budgetBytes: sizeCase.budgetBytes, over: sizeCase.over };
      const missing = [sizeCase, byId.get(sizeCase.over)].filter(Boolean).map(entryOf).find((entry) => !exported.has(entry));
      if (sizeCase.over !== undefined && !byId.has(sizeCase.over)) throw new Error(`size case ${sizeCase.id} is over '${sizeCase.over}', which is not a case`);
      if (missing !== undefined) {
        log(`size ${sizeCase.id}: skipped, '${missing}' is not in the package's exports yet (${sizeCase.source})`);
        return { ...base, skipped: `'${missing}' is not in package.json exports yet` };
      }
      try {
        const external = sizeCase.external ?? [];
        const source = sizeCase.over === undefined ? sizeCase.source : `${byId.get(sizeCase.over).source}\n${sizeCase.source}`;
        const [built, baseline] = await Promise.all([buildConsumer(consumerDirectory, sizeCase.id, source, external), baselineOf(sizeCase, external)]);
        const gainedBytes = built.gzipped - baseline.gzipped;
        const result = {
          ...base,
          gainedBytes,
          minifiedBytes: built.minified - baseline.minified,
          onDemandBytes: built.onDemandGzipped - baseline.onDemandGzipped,
          pass: sizeCase.budgetBytes === undefined ? undefined : gainedBytes <= sizeCase.budgetBytes,
          breakdown: breakdown(built.modules),
          bundledPackages: built.bundledPackages,
          // Of those, the packages in what loads up front (zod may load on demand only).
          upFrontPackages: built.upFrontPackages,
        };
        if (withoutZod) {
          const withoutZodExternal = [...external, /^zod(\/|$)/];
          const [alone, baselineAlone] = await Promise.all([
            buildConsumer(consumerDirectory, `${sizeCase.id}-without-zod`, source, withoutZodExternal), baselineOf(sizeCase, withoutZodExternal),
          ]);
          result.gainedWithoutZodBytes = alone.gzipped - baselineAlone.gzipped;
        }
        const budget = sizeCase.budgetBytes === undefined ? 'reported, no budget' : `budget ${sizeCase.budgetBytes} B`;
        const over = sizeCase.over === undefined ? '' : ` over ${sizeCase.over}`;
        log(`size ${sizeCase.id}: +${gainedBytes} B gzipped${over} (${budget}) ${sizeCase.source}`);
        return result;
      } catch (error) {
        const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
        log(`size ${sizeCase.id}: build failed: ${message}`);
        return { ...base, error: `build failed: ${message}` };
      }
    }));
    let flavours;
    if (withZodFlavours) {
      flavours = await zodFlavours(repository, consumerDirectory, empty);
      log(`size: core's schemas cost ${flavours.classic} B gzipped with zod, ${flavours.mini} B with zod/mini`);
    }
    return { cases: results, zodFlavours: flavours, packed, consumerDirectory: keep ? consumerDirectory : undefined };
  } finally {
    if (!keep) rmSync(workDirectory, { recursive: true, force: true });
  }
}
