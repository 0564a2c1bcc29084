// The SDK type tests (test/types) are a `tsc` project: they compile real calls of `openai`,
// `@anthropic-ai/sdk` and `@google/genai` against the adapters (DESIGN §14). Running them here
// makes `npm test` fail when a body stops spreading into an SDK call, or when an accumulator stops
// taking the SDK's events, not only `npm run typecheck`.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const typesDirectory = fileURLToPath(new URL('../types', import.meta.url));

describe('SDK type tests (test/types)', () => {
  it('compile against the official SDKs without errors', async () => {
    const result = await promisify(execFile)(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'test/types/tsconfig.json'], { cwd: root })
      .then(() => ({ ok: true, output: '' }), (error: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }));
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  }, 120_000);

  it('hold a negative check in every SDK file, so types widened to `any` fail them', () => {
    const files = readdirSync(typesDirectory).filter((name) => name.endsWith('.ts'));
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const name of files) expect(readFileSync(`${typesDirectory}/${name}`, 'utf8'), name).toContain('@ts-expect-error');
  });
});
