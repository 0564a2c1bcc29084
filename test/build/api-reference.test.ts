// `npm run docs` builds the API reference the README links to. TypeDoc fails that build on a
// warning: a `{@link}` it cannot resolve, or a public type naming a type no entry point exports.
// Built here so such a slip fails CI, not the next person who runs the command.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repository = resolve(import.meta.dirname, '../..');

describe('the API reference', () => {
  it('builds with no TypeDoc warning', () => {
    const run = spawnSync(process.execPath, ['tools/api-docs/build.mjs'], { cwd: repository, encoding: 'utf8', timeout: 170_000 });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain('docs: wrote');
  }, 180_000);
});
