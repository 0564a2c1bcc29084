// axe-core, the accessibility engine, run inside a demo page. The engine's source is evaluated
// through the DevTools protocol, which the page's Content-Security-Policy (script-src 'self')
// does not apply to, so the demo's policy stays as it ships.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** How bad a violation is, as axe grades it. */
export type AxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';

/** One rule a page breaks, with the elements that break it (their selectors and axe's summary). */
export interface AxeViolation {
  readonly id: string;
  readonly impact: AxeImpact | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: string; readonly summary: string }[];
}

/** The violations axe finds on `page` as it is now (WCAG 2.x A and AA rules and axe's best practices). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const engine = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: RawViolation[] }> } }).axe;
    interface RawViolation { id: string; impact: AxeImpact | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }
    type AxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';
    const result = await engine.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target.map(String).join(' '), summary: node.failureSummary ?? '' })),
    }));
  });
}

/**
 * The serious and critical violations on `page`, one readable line per rule and element
 * (`rule (impact) at selector: summary`), so a failing assertion says what to fix.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const violations = await axeViolations(page);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}) at ${node.target}: ${node.summary.replace(/\s+/g, ' ')}`));
}
