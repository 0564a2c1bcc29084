// The bench page: exposes `window.convologBench` for bench/run.mjs to drive over playwright.
import type { MeasureOptions } from './measure.js';
import { prepareStoreBench, STORE_FIGURES, type StoreBench, type StoreFigure } from './figures.js';

/** What bench/run.mjs calls through `page.evaluate`. */
export interface ConvologBenchPage {
  /** Opens the databases; returns why the store figures cannot run, if they cannot. */
  prepare(options: MeasureOptions): Promise<({ ready: true } | { ready: false; missing: string }) & { timerIsolated: boolean }>;
  figureIds(): string[];
  runFigure(id: string): Promise<StoreFigure>;
  close(): void;
}

declare global {
  interface Window {
    convologBench?: ConvologBenchPage;
  }
}

let bench: StoreBench | undefined;

window.convologBench = {
  async prepare(options) {
    // Cross-origin isolated pages get a 5 µs performance.now(); others 100 µs.
    const timerIsolated = self.crossOriginIsolated;
    const prepared = await prepareStoreBench(options);
    if ('missing' in prepared) return { ready: false, missing: prepared.missing, timerIsolated };
    bench = prepared;
    return { ready: true, timerIsolated };
  },
  figureIds: () => STORE_FIGURES.map(([id]) => id),
  async runFigure(id) {
    const run = STORE_FIGURES.find(([candidate]) => candidate === id)?.[1];
    if (!run) throw new Error(`unknown store figure ${id}`);
    if (!bench) throw new Error('prepare() first');
    return run(bench);
  },
  close() {
    bench?.close();
  },
};
document.body.dataset.ready = 'true';
