// Runs bench/importers/memory.ts (bundled with rolldown, run with node --expose-gc) in both modes
// and returns the peak-heap figures of the importers (issue 14).
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'rolldown';

/**
 * @param {{ repository: string, log: (text: string) => void, conversations?: number, messages?: number }} options
 */
export async function runImporterMemoryFigures({ repository, log, conversations = 2500, messages = 40 }) {
  const output = join(repository, 'bench/.tmp/importers-memory.mjs');
  mkdirSync(join(repository, 'bench/.tmp'), { recursive: true });
  await build({ input: join(repository, 'bench/importers/memory.ts'), output: { file: output, format: 'esm' }, logLevel: 'silent' });
  const figures = [];
  for (const mode of ['stream', 'whole']) {
    log(`importers: peak heap, ${mode} (${conversations} conversations × ${messages} messages)…`);
    const run = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=8192', output, mode, String(conversations), String(messages)], { encoding: 'utf8' });
    if (run.status !== 0) {
      figures.push({ mode, error: (run.stderr || run.stdout).trim().split('\n').slice(-3).join(' ') });
      continue;
    }
    figures.push(JSON.parse(run.stdout.trim().split('\n').at(-1)));
  }
  return figures;
}
