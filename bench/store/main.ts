// The bench page: exposes `window.convologBench` for bench/run.mjs to drive over playwright.
import type { MeasureOptions } from './measure.js';
import { appendBreakdown, entriesBreakdown, type Breakdown } from './breakdowns.js';
import { importLargeChatGPTExport, type LargeImport } from './import-figure.js';
import { prepareStoreBench, STORE_FIGURES, STORE_NAME, type StoreBench, type StoreFigure, type StoreFigureDefinition } from './figures.js';

/** What bench/run.mjs calls through `page.evaluate`. */
export interface ConvologBenchPage {
  /** Opens the databases; returns why the store figures cannot run, if they cannot. */
  prepare(options: MeasureOptions): Promise<({ ready: true } | { ready: false; missing: string }) & { timerIsolated: boolean }>;
  figureIds(): string[];
  /** Seeds what figure `id` needs (untimed), so a profile of `runFigure` holds only the measuring. */
  seedFigure(id: string): Promise<void>;
  runFigure(id: string): Promise<StoreFigure>;
  /** Diagnosis: the steps between raw idb and store.append / store.entries, timed side by side. */
  diagnose(): Promise<Breakdown[]>;
  /** Figure 13b: converts and imports a large generated ChatGPT export, as the demo does. */
  importLarge(conversations: number, messages: number): Promise<LargeImport>;
  close(): void;
}

declare global {
  interface Window {
    convologBench?: ConvologBenchPage;
  }
}

let bench: StoreBench | undefined;

/** Idle time after seeding, before a figure is timed. */
const SETTLE_MILLISECONDS = Number(new URLSearchParams(location.search).get('settle') ?? 5000);

function figureAndBench(id: string): [StoreFigureDefinition, StoreBench] {
  const definition = STORE_FIGURES.find((candidate) => candidate.id === id);
  if (!definition) throw new Error(`unknown store figure ${id}`);
  if (!bench) throw new Error('prepare() first');
  return [definition, bench];
}

window.convologBench = {
  async prepare(options) {
    // Cross-origin isolated pages get a 5 µs performance.now(); others 100 µs.
    const timerIsolated = self.crossOriginIsolated;
    const prepared = await prepareStoreBench(options);
    if ('missing' in prepared) return { ready: false, missing: prepared.missing, timerIsolated };
    bench = prepared;
    return { ready: true, timerIsolated };
  },
  figureIds: () => STORE_FIGURES.map((definition) => definition.id),
  async seedFigure(id) {
    const [definition, prepared] = figureAndBench(id);
    for (const key of definition.seeds) await prepared.seeded(key);
    await definition.prepare?.(prepared);
    // Bulk seeding leaves the database compacting in the background; a user's chat grew over
    // weeks. Let it settle so the figure measures the steady state, not the seeding's aftermath.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MILLISECONDS));
  },
  async diagnose() {
    const [, prepared] = figureAndBench('1');
    return [
      await appendBreakdown(prepared, STORE_NAME, await prepared.seeded('tenThousand')),
      await entriesBreakdown(prepared, STORE_NAME, await prepared.seeded('readTenThousand')),
    ];
  },
  async runFigure(id) {
    const [definition, prepared] = figureAndBench(id);
    return definition.run(prepared);
  },
  async importLarge(conversations, messages) {
    if (!bench) throw new Error('prepare() first');
    return importLargeChatGPTExport(bench, conversations, messages);
  },
  close() {
    bench?.close();
  },
};
document.body.dataset.ready = 'true';
