// Scenario 1 (killed mid-append) for a browser the test only launches and kills (Firefox ESR,
// WebKitGTK: no automation protocol works for them here, DESIGN §19). The URL says what to do; the
// page does on its own what the Chromium test does through page.evaluate, and POSTs each result
// to the dev server (support/page-reports.ts): what the open and the check found, the turn written
// after the restart, then each batch its append loop acknowledged, until the browser is killed.
import { killLoop } from './kill-loop.js';

const REPORT_PATH = '/__reliability-report';
const parameters = new URLSearchParams(location.search);
const database = parameters.get('db') ?? 'kill-loop';
const launch = Number(parameters.get('launch') ?? 0);
/** `loop`: check, write a turn, then append until killed. `check`: check only. */
const mode = parameters.get('mode') ?? 'check';

async function report(kind: string, fields: Record<string, unknown>): Promise<void> {
  const body = JSON.stringify({ kind, launch, ...fields });
  await fetch(REPORT_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
}

/**
 * Whether the store journals here, from what its OPFS folder holds: the reset marker
 * (`marker.json`) is written wherever there is a folder, segments and snapshots only by a journal.
 */
async function journal(): Promise<string> {
  if (typeof navigator.storage?.getDirectory !== 'function') return 'no OPFS';
  try {
    const root = await (await navigator.storage.getDirectory()).getDirectoryHandle('convolog-journal');
    const folder = await root.getDirectoryHandle(encodeURIComponent(database));
    const names: string[] = [];
    for await (const name of (folder as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
    const files = names.filter((name) => name !== 'marker.json').length;
    return files === 0 ? `off (${names.length === 0 ? 'empty folder' : 'marker only'})` : `on (${files} files beside the marker)`;
  } catch {
    return 'off (no folder)';
  }
}

async function run(): Promise<void> {
  const opened = await killLoop.open(database);
  const verification = await killLoop.verify();
  await report('checked', { opened, verification, journal: await journal(), userAgent: navigator.userAgent });
  if (mode !== 'loop') return;
  const nextBatch = Math.max(0, ...verification.batches) + 1;
  const resumed = await killLoop.resumeTurn(nextBatch);
  // An acknowledgement counts once the test process has it: one the kill cuts off is not counted,
  // as with the Chromium test's exposed function.
  window.reliabilityAck = (batch) => report('ack', { batch });
  await report('resumed', { batch: nextBatch, ...resumed });
  killLoop.start(nextBatch + 1);
}

function reportError(error: unknown): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error);
  void report('error', { message });
}

// The append loop runs detached (killLoop.start): an append that rejects surfaces here.
window.addEventListener('unhandledrejection', (event) => reportError(event.reason));
run().catch(reportError);
