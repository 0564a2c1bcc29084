// The package as a user installs it. One `npm pack` of the built package, then in parallel:
// figure 11's consumers built from the tarball installed into a throwaway folder (bench/size/,
// the same module `npm run bench` uses), publint and are-the-types-wrong on the tarball.
// Sizes are deterministic, so budgets are checked here; timings belong in bench/.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurePackage, packPackage, type SizeResult } from '../../bench/size/measure-package.mjs';
import { SIZE_CASES, entryOf, type SizeCase } from '../../bench/size/size-cases.mjs';
import { entryPoints as packageEntryPoints } from '../../scripts/entry-points.mjs';
interface ToolRun { code: number; output: string }
interface ExportTarget { types?: string; import?: string }

const run = promisify(execFile);
const repository = resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(join(repository, 'package.json'), 'utf8')) as {
  exports: Record<string, ExportTarget | string>; files: string[]; types: string; sideEffects: boolean; type: string;
};
const entryPoints = packageEntryPoints().map((entry) => entry.subpath);
const cases = SIZE_CASES;
const workDirectory = mkdtempSync(join(tmpdir(), 'convolog-package-test-'));

let sizes: Map<string, SizeResult>;
let packedFiles: string[];
let publint: ToolRun;
let attw: ToolRun;

async function tool(command: string, parameters: string[]): Promise<ToolRun> {
  try {
    const { stdout, stderr } = await run(join(repository, 'node_modules/.bin', command), parameters, { cwd: repository });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** The newest modification time under a folder. */
function newest(path: string): number {
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Builds dist/ when an entry point's output is missing or older than src/ (`.ci/run` builds before `npm test`). */
async function ensureBuilt(): Promise<void> {
  const outputs = entryPoints.flatMap((subpath) => Object.values(manifest.exports[subpath] as ExportTarget))
    .map((target) => join(repository, target));
  const sourcesChanged = Math.max(newest(join(repository, 'src')), newest(join(repository, 'package.json')));
  const missing = outputs.find((output) => !existsSync(output));
  const stale = outputs.find((output) => existsSync(output) && statSync(output).mtimeMs < sourcesChanged);
  const reason = missing !== undefined ? `${missing} is missing` : stale !== undefined ? `${stale} is older than src/` : undefined;
  if (reason === undefined) return;
  console.log(`${reason}: running \`npm run build\` before packing`);
  try {
    await run('npm', ['run', 'build'], { cwd: repository });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`${reason} and \`npm run build\` failed; run it yourself to see why.\n${failed.stdout ?? ''}${failed.stderr ?? ''}`);
  }
}

beforeAll(async () => {
  await ensureBuilt();
  const packed = await packPackage(repository, workDirectory);
  packedFiles = packed.files;
  const [measured, publintRun, attwRun] = await Promise.all([
    measurePackage({ repository, tarball: packed.tarball, log: (line) => console.log(line) }),
    tool('publint', ['run', packed.tarball, '--strict']),
    // ESM-only: `require` and node10 (which ignores `exports`) cannot load it, by design.
    tool('attw', ['--profile', 'esm-only', '--format', 'json', packed.tarball]),
  ]);
  sizes = new Map(measured.cases.map((result) => [result.id, result]));
  publint = publintRun;
  attw = attwRun;
}, 300_000);

afterAll(() => rmSync(workDirectory, { recursive: true, force: true }));

function exported(sizeCase: SizeCase): boolean {
  const over = cases.find((candidate) => candidate.id === sizeCase.over);
  return [sizeCase, over].every((each) => each === undefined || entryPoints.includes(entryOf(each)));
}

type Measured = SizeResult & { gainedBytes: number; onDemandBytes: number; bundledPackages: string[]; upFrontPackages: string[] };

function measured(id: string): Measured {
  const result = sizes.get(id);
  if (result === undefined || result.gainedBytes === undefined || result.bundledPackages === undefined) {
    throw new Error(`size case ${id} was not measured: ${result?.error ?? result?.skipped ?? 'no result'}`);
  }
  return result as Measured;
}

describe('bundle sizes of the packed package (figure 11, bench/size/size-cases.mjs)', () => {
  for (const sizeCase of cases) {
    const over = sizeCase.over === undefined ? '' : ` over ${sizeCase.over}`;
    const budget = sizeCase.budgetBytes === undefined ? 'builds (size reported only)' : `stays within ${sizeCase.budgetBytes} B gzipped`;
    it.skipIf(!exported(sizeCase))(`${sizeCase.id} ${sizeCase.source}${over} ${budget}`, () => {
      const result = measured(sizeCase.id);
      expect(result.gainedBytes, `${sizeCase.source} adds nothing: the consumer did not bundle it`).toBeGreaterThan(0);
      if (sizeCase.budgetBytes === undefined) return;
      expect(result.gainedBytes, `${sizeCase.source}${over} adds ${result.gainedBytes} B gzipped; its budget is ${sizeCase.budgetBytes} B`)
        .toBeLessThanOrEqual(sizeCase.budgetBytes);
    });
  }

  it('tree-shakes zod away from a consumer of validate alone', () => {
    expect(measured('11a').bundledPackages).toEqual([]);
  });

  it('drops the schemas (and zod) when a consumer takes only a constant of their module', () => {
    // KNOWN_CONTENT_TYPES lives beside the message schemas: only their pure marks let them go.
    expect(measured('11h').bundledPackages).toEqual([]);
  });

  it('loads the store\'s import and export on demand, not with openStore', () => {
    expect(measured('11c').onDemandBytes).toBeGreaterThan(2048);
    expect(measured('11a').onDemandBytes).toBe(0);
  });

  it('keeps idb out of convolog/core, and finds zod and idb in openStore (so the check can fail)', () => {
    expect(measured('11b').bundledPackages).toEqual(['zod']);
    expect(measured('11c').bundledPackages).toEqual(['zod', 'idb']);
  });

  it('loads no zod up front with openStore or one provider: the store and the adapters read without it (zod comes with import/export)', () => {
    expect(measured('11c').upFrontPackages).toEqual(['idb']);
    expect(measured('11e').upFrontPackages).toEqual([]);
    // The same check finds zod where it is loaded up front.
    expect(measured('11b').upFrontPackages).toEqual(['zod']);
  });
});

describe('the packed files', () => {
  it('hold dist/ only, one module and one declaration per source module', () => {
    expect(manifest.files).toEqual(['dist']);
    expect(packedFiles.filter((file) => !file.startsWith('dist/') && !/^(package\.json|README\.md|LICENSE)$/.test(file))).toEqual([]);
    const sources = (readdirSync(join(repository, 'src'), { recursive: true }) as string[])
      .map((file) => file.replaceAll('\\', '/'))
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file)).map((file) => file.replace(/\.tsx?$/, ''));
    const missingDeclarations = sources.map((file) => `dist/${file}.d.ts`).filter((file) => !packedFiles.includes(file));
    expect(missingDeclarations).toEqual([]);
    // A module that only declares types compiles to nothing; every other one has its own output.
    const javascript = packedFiles.filter((file) => file.endsWith('.js'));
    const withoutSource = javascript.filter((file) => !sources.includes(file.replace(/^dist\//, '').replace(/\.js$/, '')));
    expect(withoutSource).toEqual([]);
    expect(javascript.length).toBeGreaterThan(sources.length / 2);
  });

  it.each(packageEntryPoints())('export $subpath points at its built module and declarations, both in the tarball', ({ subpath, name }) => {
    const target = manifest.exports[subpath] as ExportTarget;
    const base = `./dist/${name}`;
    expect(target).toEqual({ types: `${base}.d.ts`, import: `${base}.js` });
    expect(packedFiles).toContain(target.types!.slice(2));
    expect(packedFiles).toContain(target.import!.slice(2));
  });

  it('is an ES module package without side effects, typed at its root', () => {
    expect(manifest.type).toBe('module');
    expect(manifest.sideEffects).toBe(false);
    expect(manifest.types).toBe((manifest.exports['.'] as ExportTarget).types);
  });
});

describe('package linters on the tarball', () => {
  it('publint (strict) finds nothing', () => {
    expect(publint.code, publint.output).toBe(0);
    expect(publint.output).toContain('All good');
  });

  it('are-the-types-wrong (esm-only profile) finds nothing, for every entry point', () => {
    expect(attw.code, attw.output).toBe(0);
    const report = JSON.parse(attw.output.slice(attw.output.indexOf('{'))) as {
      analysis: { entrypoints: Record<string, unknown> };
      problems: Record<string, { entrypoint: string; resolutionKind: string }[]>;
    };
    expect(Object.keys(report.analysis.entrypoints).sort()).toEqual(Object.keys(manifest.exports).sort());
    // The profile leaves out node10 (no `exports` support) and require from CommonJS: this
    // package is ESM only. Every other resolution must be clean.
    const counted = Object.values(report.problems).flat().filter((problem) => !['node10', 'node16-cjs'].includes(problem.resolutionKind));
    expect(counted).toEqual([]);
  });
});
