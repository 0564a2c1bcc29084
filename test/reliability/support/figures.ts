// Collects the figures each reliability scenario measured (kills survived, cases run, heap…)
// into node_modules/.cache/convolog-reliability/figures.json (git-ignored, so a test run leaves
// the tree clean), the source of the numbers in docs/RELIABILITY.md.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_ENGINE } from './page-engine.js';

const FIGURES = fileURLToPath(new URL('../../../node_modules/.cache/convolog-reliability/figures.json', import.meta.url));

/** Records `figures` under `scenario`, suffixed `-firefox` when the project drives Firefox. */
export function recordFigure(name: string, figures: Record<string, unknown>): void {
  const scenario = PAGE_ENGINE === 'chromium' ? name : `${name}-${PAGE_ENGINE}`;
  const all: Record<string, unknown> = existsSync(FIGURES) ? (JSON.parse(readFileSync(FIGURES, 'utf8')) as Record<string, unknown>) : {};
  all[scenario] = { ...figures, at: new Date().toISOString() };
  mkdirSync(dirname(FIGURES), { recursive: true });
  writeFileSync(FIGURES, `${JSON.stringify(all, null, 2)}\n`);
  console.log(`[reliability] ${scenario}: ${JSON.stringify(figures)}`);
}
