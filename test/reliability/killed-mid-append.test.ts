// Scenario 1: the browser is SIGKILLed at random moments while a page appends tool windows,
// over and over on one profile. After every restart the log must be whole: each append batch
// fully present or absent, every acknowledged batch present, seqs contiguous from 1, the log
// resumable, and settle + a new turn must work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfile, launchChromium, removeProfile, type ChromiumInstance } from './support/chromium.js';
import { openHarness } from './support/harness-page.js';
import { createRandom } from './support/fuzzer.js';
import { startDevServer, type DevServer } from './support/vite-server.js';
import { recordFigure } from './support/figures.js';

const KILLS = Number(process.env.CONVOLOG_KILLS ?? 20);
const DATABASE = 'kill-loop';

describe('scenario 1: killed mid-append', () => {
  let server: DevServer;
  let profile: string;
  beforeAll(async () => {
    server = await startDevServer();
    profile = createProfile('kill');
  });
  afterAll(async () => {
    await server?.close();
    removeProfile(profile);
  });

  it(`survives ${KILLS} SIGKILLs over one profile with every batch whole and every acknowledged batch kept`, async () => {
    const random = createRandom(Number(process.env.CONVOLOG_SEED ?? 20250101));
    const acknowledged = new Set<number>();
    let survived = 0;
    let caughtUnsettled = 0;
    let entryCount = 0;
    let chromium: ChromiumInstance | undefined;
    try {
      for (let cycle = 0; cycle <= KILLS; cycle++) {
        chromium = await launchChromium(profile);
        const page = await openHarness(chromium.context, server.origin, async (target) => {
          await target.exposeFunction('reliabilityAck', (batch: number) => { acknowledged.add(batch); });
        });
        await page.evaluate((name) => window.reliability.killLoop.open(name), DATABASE);
        const verification = await page.evaluate(() => window.reliability.killLoop.verify());
        expect(verification.problems, `after kill ${cycle}`).toEqual([]);
        const present = new Set(verification.batches);
        const lost = [...acknowledged].filter((batch) => !present.has(batch));
        expect(lost, `acknowledged batches missing after kill ${cycle}`).toEqual([]);
        if (verification.unsettled) caughtUnsettled++;
        if (cycle > 0) survived++;
        entryCount = verification.entryCount;

        const nextBatch = Math.max(0, ...verification.batches) + 1;
        const resumed = await page.evaluate((batch) => window.reliability.killLoop.resumeTurn(batch), nextBatch);
        expect(resumed.appended).toBe(2);
        if (verification.unsettled) expect(resumed.settled).toBeGreaterThan(0);
        acknowledged.add(nextBatch);
        if (cycle === KILLS) {
          await chromium.close();
          chromium = undefined;
          break;
        }

        await page.evaluate((batch) => window.reliability.killLoop.start(batch), nextBatch + 1);
        await new Promise((resolve) => setTimeout(resolve, 150 + random.int(1200)));
        await chromium.kill();
        chromium = undefined;
      }
      const final = await reopenAndVerify(server, profile);
      expect(final.problems).toEqual([]);
    } finally {
      await chromium?.close();
    }
    expect(survived).toBe(KILLS);
    recordFigure('killed-mid-append', { kills: survived, entries: entryCount, acknowledgedBatches: acknowledged.size, restartsWithUnsettledWindow: caughtUnsettled });
  });
});

async function reopenAndVerify(server: DevServer, profile: string) {
  const chromium = await launchChromium(profile);
  try {
    const page = await openHarness(chromium.context, server.origin);
    await page.evaluate((name) => window.reliability.killLoop.open(name), DATABASE);
    return await page.evaluate(() => window.reliability.killLoop.verify());
  } finally {
    await chromium.close();
  }
}
