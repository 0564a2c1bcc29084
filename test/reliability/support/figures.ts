// Collects the figures each reliability scenario measured (kills survived, cases run, heap…)
// into test/reliability/figures.json, the source of the numbers in docs/RELIABILITY.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FIGURES = fileURLToPath(new URL('../figures.json', import.meta.url));

export function recordFigure(scenario: string, figures: Record<string, unknown>): void {
  const all: Record<string, unknown> = existsSync(FIGURES) ? (JSON.parse(readFileSync(FIGURES, 'utf8')) as Record<string, unknown>) : {};
  all[scenario] = { ...figures, at: new Date().toISOString() };
  writeFileSync(FIGURES, `${JSON.stringify(all, null, 2)}\n`);
  console.log(`[reliability] ${scenario}: ${JSON.stringify(figures)}`);
}
