// The package's public entry points, read from package.json `exports`: `.` is built from
// src/index.ts and `./name` from src/name/index.ts. The library build (vite.config.ts), the API
// reference (tools/api-docs) and the checks in test/build all take them from here, so a new
// entry point is one line in `exports`.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The package's entry points, in `exports` order. */
export function entryPoints(manifest = JSON.parse(readFileSync(join(repository, 'package.json'), 'utf8'))) {
  return Object.keys(manifest.exports ?? {}).filter((subpath) => subpath !== './package.json').map((subpath) => {
    if (subpath !== '.' && !/^\.\/[a-z][a-z0-9-]*$/.test(subpath)) {
      throw new Error(`package.json exports "${subpath}": expected "." or "./name" (built from src/name/index.ts)`);
    }
    const name = subpath === '.' ? 'index' : `${subpath.slice(2)}/index`;
    return { subpath, specifier: subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`, name, source: `src/${name}.ts` };
  });
}
