// Bytes an app pays for each library's smallest ZIP code path (DESIGN §18): each case is a
// one-line consumer built the way an app bundler builds it (Vite library mode, minified, no
// comments), every chunk gzipped at level 9 on its own. Used by bench/zip/run.mjs.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

/** name → consumer source. Each re-exports exactly what the bench's page uses for that path. */
export const ZIP_SIZE_CASES = {
  'fflate write (Zip, ZipPassThrough, ZipDeflate)': "export { Zip, ZipPassThrough, ZipDeflate } from 'fflate';",
  'fflate read (Unzip, UnzipInflate)': "export { Unzip, UnzipInflate } from 'fflate';",
  'fflate read (Inflate only, own central-directory reader)': "export { Inflate } from 'fflate';",
  'bench/zip/central-directory.ts (own reader + fflate Inflate)': "export { readDirectory } from '../../zip/central-directory.ts';",
  'zip.js write (ZipWriter, BlobWriter, BlobReader, configure)': "export { ZipWriter, BlobWriter, BlobReader, configure } from '@zip.js/zip.js';",
  'zip.js read (ZipReader, BlobReader, configure)': "export { ZipReader, BlobReader, configure } from '@zip.js/zip.js';",
  'zip.js-native write (index-native: CompressionStream only)': "export { ZipWriter, BlobWriter, BlobReader, configure } from '@zip.js/zip.js/index-native.js';",
  'zip.js-native read (index-native: DecompressionStream only)': "export { ZipReader, BlobReader, configure } from '@zip.js/zip.js/index-native.js';",
  'zip.js-core write (lib/zip-core-external.js: no bundled worker or wasm)': "export { ZipWriter, BlobWriter, BlobReader, configure } from '@zip.js/zip.js/lib/zip-core-external.js';",
  'zip.js-core read (lib/zip-core-external.js: no bundled worker or wasm)': "export { ZipReader, BlobReader, configure } from '@zip.js/zip.js/lib/zip-core-external.js';",
};

async function buildCase(directory, name, source) {
  const entry = join(directory, `${name}.js`);
  writeFileSync(entry, `${source}\n`);
  const output = await build({
    configFile: false, root: directory, logLevel: 'silent',
    build: {
      write: false, minify: true, reportCompressedSize: false,
      lib: { entry, formats: ['es'], fileName: name },
      rollupOptions: { output: { minify: true, comments: false } },
    },
  });
  const results = (Array.isArray(output) ? output : [output]).flatMap((result) => result.output ?? []);
  const chunks = results.filter((chunk) => chunk.type === 'chunk');
  const assets = results.filter((asset) => asset.type === 'asset');
  const gz = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;
  return {
    minified: chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk.code), 0),
    gzipped: chunks.reduce((sum, chunk) => sum + gz(chunk.code), 0),
    chunks: chunks.length,
    assets: assets.map((asset) => `${asset.fileName} ${asset.source.length} B`),
  };
}

/** Measures every case from `repository` (whose node_modules hold both libraries). */
export async function measureZipSizes(repository) {
  const directory = join(repository, 'bench/.tmp/zip-size');
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  const sizes = {};
  let index = 0;
  for (const [name, source] of Object.entries(ZIP_SIZE_CASES)) {
    sizes[name] = await buildCase(directory, `case${index++}`, source);
  }
  return sizes;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await measureZipSizes(new URL('../..', import.meta.url).pathname));
}
