// What the fixture scripts (build-v1-fixture.mjs, build-v2-fixture.mjs) share: an old commit's
// store, bundled from its own source, and the dump of the database it wrote.
import 'fake-indexeddb/auto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { openDB } from 'idb';
import { build } from 'rolldown';

/** The repository this script lives in. */
export const repository = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The convolog module of `commit`: its `src` taken with `git archive` into `work` (under the
 * ignored bench/.tmp) and bundled there into one file, so no old code enters the repository.
 */
export async function importOldBuild(commit, work, fileName) {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${commit} src | tar -x -C "${work}"`], { cwd: repository });
  await build({
    input: join(work, 'src/index.ts'),
    platform: 'node',
    logLevel: 'warn',
    output: { file: join(work, fileName), format: 'esm', codeSplitting: false },
  });
  return import(pathToFileURL(join(work, fileName)).href);
}

/**
 * Every object store of the database `name` as [key, value] pairs, bytes (Uint8Array, ArrayBuffer)
 * as `{ $bytes: base64, type }` so the dump stays JSON: what a fixture of the packed index and
 * attachments needs (database-dump.ts reads it back).
 */
export async function dumpAllStores(name) {
  const raw = await openDB(name);
  const records = {};
  for (const store of raw.objectStoreNames) {
    const keys = await raw.getAllKeys(store);
    const values = await raw.getAll(store);
    records[store] = keys.map((key, index) => [key, encodeBytes(values[index])]);
  }
  raw.close();
  return records;
}

function encodeBytes(value) {
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64'), type: 'Uint8Array' };
  if (value instanceof ArrayBuffer) return { $bytes: Buffer.from(value).toString('base64'), type: 'ArrayBuffer' };
  if (Array.isArray(value)) return value.map(encodeBytes);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, encodeBytes(field)]));
  return value;
}

/**
 * Dumps every record of the database `name` (with `extra` fields) to `output` as gzipped JSON,
 * removes `work` and says what it wrote.
 */
export async function writeDump({ name, builtBy, output, work, extra = {} }) {
  const raw = await openDB(name);
  const dump = {
    builtBy,
    version: raw.version,
    conversations: await raw.getAll('conversations'),
    entries: await raw.getAll('entries'),
    toolCalls: await raw.getAll('toolCalls'),
    ...extra,
  };
  raw.close();
  mkdirSync(dirname(output), { recursive: true });
  writeFileSync(output, gzipSync(JSON.stringify(dump), { level: 9 }));
  rmSync(work, { recursive: true, force: true });
  console.log(`${dump.entries.length} entries, ${dump.conversations.length} conversations, database version ${dump.version} → ${output}`);
}
