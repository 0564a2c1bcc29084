// Top-level zod schema construction is marked `/* @__PURE__ */` (DESIGN §9.1): zod/mini's
// functions are side-effect free, but a bundler cannot know that of a method call such as
// `.check(…)`, so an unmarked schema stays in every bundle that uses anything of its module.
// Checked on the source text, in our style: a top-level `const x = z.…` and every `z.…().check(`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');
const MARK = '/* @__PURE__ */ ';

/** Each unmarked schema construction in `source`, as `line: text`. */
function unmarkedSchemas(source: string): string[] {
  const found: string[] = [];
  source.split('\n').forEach((line, index) => {
    const topLevel = /^(?:export )?const \w+(?::[^=]+)? = (\/\* @__PURE__ \*\/ )?z\./.exec(line);
    const unmarkedChecks = [...line.matchAll(/(\/\* @__PURE__ \*\/ )?z\.\w+\([^()]*\)\.check\(/g)].filter((match) => match[1] === undefined);
    if ((topLevel && topLevel[1] === undefined) || unmarkedChecks.length > 0) found.push(`${index + 1}: ${line.trim()}`);
  });
  return found;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('schema construction a bundler can drop', () => {
  it('marks every top-level zod schema and every .check() call in src/ as pure', () => {
    const unmarked = sourceFiles(SRC)
      .map((file) => ({ file, source: readFileSync(file, 'utf8') }))
      .filter(({ source }) => /from 'zod(\/mini)?'/.test(source))
      .flatMap(({ file, source }) => unmarkedSchemas(source).map((line) => `src/${relative(SRC, file)}:${line}`));
    expect(unmarked, `put ${MARK.trim()} before these`).toEqual([]);
  });

  it('finds an unmarked schema and an unmarked check (so the check can fail)', () => {
    const source = [
      "const marked = /* @__PURE__ */ z.object({ id: /* @__PURE__ */ z.string().check(z.minLength(1)) });",
      "export const Unmarked: z.ZodMiniType<string> = z.string();",
      "const inner = /* @__PURE__ */ z.object({ id: z.string().check(z.minLength(1)) });",
      "function lazy() { return z.string(); }",
    ].join('\n');
    expect(unmarkedSchemas(source)).toEqual([
      '2: export const Unmarked: z.ZodMiniType<string> = z.string();',
      '3: const inner = /* @__PURE__ */ z.object({ id: z.string().check(z.minLength(1)) });',
    ]);
  });
});
