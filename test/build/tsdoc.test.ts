// Every export of every public entry point (package.json `exports`) has TSDoc on its declaration:
// the API reference (`npm run docs`) shows a description for each. Checked with TypeScript's
// compiler API from tools/api-docs, the workspace that builds that reference.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { undocumentedExports } from '../../tools/api-docs/undocumented-exports.mjs';

const fixture = resolve(import.meta.dirname, 'fixtures/tsdoc-entry.ts');

describe('TSDoc on the public API', () => {
  it('documents every export of every entry point', () => {
    expect(undocumentedExports(), 'add a /** … */ comment on these declarations').toEqual([]);
  }, 180_000);

  it('finds exports without TSDoc, following re-exports to their declarations', () => {
    const missing = undocumentedExports([{ specifier: 'fixture', file: fixture }]);
    const where = (file: string) => join('test/build/fixtures', file);
    expect(missing.sort()).toEqual([
      `fixture: LineCommented (${where('tsdoc-entry.ts')})`,
      `fixture: bare (${where('tsdoc-entry.ts')})`,
      `fixture: undocumentedElsewhere (${where('tsdoc-declarations.ts')})`,
    ]);
  }, 180_000);
});
