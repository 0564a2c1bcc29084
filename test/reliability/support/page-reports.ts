// What a page with no automation handle tells the test: it POSTs JSON reports to a middleware on
// the Vite dev server (as bench/journal/run.mjs does), and the test waits for them here. Firefox
// ESR and WebKitGTK have no automation protocol that works here (DESIGN §19), so this is how a
// launch-only page reports what it found and which batches its appends acknowledged.
import type { Plugin } from 'vite';

/** Where pages POST their reports. */
export const REPORT_PATH = '/__reliability-report';

/** One report: `kind` says what it is, `launch` which launch of the browser sent it. */
export interface PageReport {
  readonly kind: string;
  readonly launch: number;
  readonly [field: string]: unknown;
}

interface Waiter {
  readonly matches: (report: PageReport) => boolean;
  readonly resolve: (report: PageReport) => void;
}

/** The reports received so far, a Vite plugin that receives them, and a way to wait for one. */
export interface PageReports {
  readonly plugin: Plugin;
  /** Every report received, in arrival order. */
  readonly received: PageReport[];
  /** Calls `listener` for every report from now on. */
  onReport(listener: (report: PageReport) => void): void;
  /** Resolves with the first report (already received or still to come) that `matches`. */
  next(matches: (report: PageReport) => boolean, milliseconds: number, explain: () => string): Promise<PageReport>;
}

export function createPageReports(): PageReports {
  const received: PageReport[] = [];
  const listeners: ((report: PageReport) => void)[] = [];
  let waiters: Waiter[] = [];
  const deliver = (report: PageReport) => {
    received.push(report);
    for (const listener of listeners) listener(report);
    const ready = waiters.filter((waiter) => waiter.matches(report));
    waiters = waiters.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) waiter.resolve(report);
  };
  const plugin: Plugin = {
    name: 'reliability-page-reports',
    configureServer(server) {
      server.middlewares.use(REPORT_PATH, (request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => { body += chunk.toString(); });
        request.on('end', () => {
          response.end('ok');
          deliver(JSON.parse(body) as PageReport);
        });
      });
    },
  };
  return {
    plugin,
    received,
    onReport(listener) {
      listeners.push(listener);
    },
    next(matches, milliseconds, explain) {
      const already = received.find(matches);
      if (already !== undefined) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((waiter) => waiter.resolve !== settle);
          reject(new Error(`no matching report within ${milliseconds} ms\n${explain()}`));
        }, milliseconds);
        const settle = (report: PageReport) => {
          clearTimeout(timer);
          resolve(report);
        };
        waiters.push({ matches, resolve: settle });
      });
    },
  };
}
