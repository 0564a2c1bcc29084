// A tab killed mid-write, again and again, as a refresh storm does, in every engine (DESIGN §19):
// each round a tab (a dedicated Worker, tab-storm.ts) appends batches to three conversations from
// three loops and imports a 120-entry conversation over and over, and the page terminates it at a
// random point: after a random number of acknowledged writes and a random few ms more, so the
// kill lands inside appends, imports and the search indexer's background work. Then a fresh tab
// opens the database and answers in every conversation (it becomes the next round's writer), and
// the page checks the database as a whole. The Chromium-only refresh-storm.test.ts reloads the
// demo itself; this holds the store's part of it in Chromium, Firefox and WebKit alike.
import { describe, expect, it } from 'vitest';
import { assistant, user } from '../../../src/core/constructors.js';
import type { Entry } from '../../../src/core/entry.js';
import type { Message } from '../../../src/core/message.js';
import { openStore, type ConvologStore } from '../../../src/store/index.js';
import { expectIndexMatchesLog } from '../search-index-check.js';
import { storeFixture } from '../store-fixture.js';
import { tabFixture, WEBKIT, type Tab } from './tab.js';
import type { AppendOutcome, StormNote } from './tab-protocol.js';

const stores = storeFixture();
const tabs = tabFixture();
/** Rounds per engine: each costs a tab start and a check, ~1-3 s (WebKit's commits are the slowest). */
const ROUNDS = 6;
const IMPORTED_ENTRIES = 120;
/**
 * WebKitGTK (2.50) sometimes leaves a transaction of a worker terminated with writes in flight
 * open for good: every later transaction on its stores waits, from any tab, and the database
 * cannot be deleted (DESIGN §19, engine differences). A killed process does not (the launch-only
 * kill loop, test/reliability/killed-mid-append-engines.test.ts, holds WebKit), so the storm below
 * runs in Chromium and Firefox; the skipped test at the end reproduces the hang by hand.
 */

/** A small seeded generator (mulberry32), its seed printed, so a failing round can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function textOf(entry: Entry): string {
  if (entry.type !== 'message') return '';
  const { content } = entry.message;
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.map((part) => ('text' in part ? part.text : '')).join('') : '';
}

function contiguous(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index + 1);
}

/** `promise`, or a rejection saying what hung: a read blocked by a dead tab's transaction must fail, not stall the run. */
function within<T>(promise: Promise<T>, what: string, milliseconds = 20_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: no answer in ${milliseconds} ms`)), milliseconds); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function waitFor(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`waited 20 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Every batch written by a storming tab (`<batch> <k>/<n>`) is whole: its n entries, k = 1..n at adjacent seqs. */
function expectBatchesWhole(entries: Entry[], where: string): Map<string, number[]> {
  const batches = new Map<string, { size: number; parts: { part: number; seq: number }[] }>();
  for (const entry of entries) {
    const match = /^(\S+) (\d+)\/(\d+)$/.exec(textOf(entry));
    if (match === null) continue; // a fresh tab's turn after a kill
    const batch = batches.get(match[1]!) ?? { size: Number(match[3]), parts: [] };
    batch.parts.push({ part: Number(match[2]), seq: entry.seq });
    batches.set(match[1]!, batch);
  }
  const seqs = new Map<string, number[]>();
  for (const [name, { size, parts }] of batches) {
    expect(parts.map(({ part }) => part), `batch ${name} in ${where}`).toEqual(contiguous(size));
    expect(parts.map(({ seq }) => seq - parts[0]!.seq + 1), `batch ${name} in ${where}`).toEqual(contiguous(size));
    seqs.set(name, parts.map(({ seq }) => seq));
  }
  return seqs;
}

interface Written { template: string; stormed: string[]; importedTexts: string[]; acked: StormNote[] }

/** The database as a whole, read by the page: nothing torn, nothing acknowledged lost, the index exact. */
async function expectWhole(page: ConvologStore, name: string, written: Written, round: number): Promise<void> {
  const where = (id: string) => `conversation ${id} after kill ${round}`;
  const conversations = await within(page.listConversations({ limit: 100_000 }), `listConversations after kill ${round}`);
  const ids = new Set(conversations.map((conversation) => conversation.id));
  const batches = new Map<string, Map<string, number[]>>();
  for (const conversation of conversations) {
    const entries = await within(page.entries(conversation.id), `entries of ${where(conversation.id)}`); // a torn record would throw corrupt_entry here
    expect(entries.map((entry) => entry.seq), where(conversation.id)).toEqual(contiguous(entries.length));
    expect(conversation.lastSeq, where(conversation.id)).toBe(entries.length);
    if (written.stormed.includes(conversation.id)) batches.set(conversation.id, expectBatchesWhole(entries, where(conversation.id)));
    else if (conversation.id !== written.template) {
      // An import, acknowledged or caught by the kill: all of it or none of it, never a part.
      expect(entries.map(textOf), where(conversation.id)).toEqual(written.importedTexts);
    }
  }
  for (const note of written.acked) {
    if (note.kind === 'imported') expect(ids.has(note.conversationId), `acknowledged import ${note.conversationId} after kill ${round}`).toBe(true);
    if (note.kind === 'append') expect(batches.get(note.conversationId)?.get(note.batch), `acknowledged batch ${note.batch} after kill ${round}`).toEqual(note.seqs);
  }
  await within(page.flushSearchIndex(), `flushSearchIndex after kill ${round}`);
  await within(expectIndexMatchesLog(name), `the index check after kill ${round}`);
}

/** A conversation's worth of turns, as the import template. */
function turns(count: number): Message[] {
  return Array.from({ length: count }, (_, index) => (index % 2 === 0 ? user(`question ${index}`) : assistant(`answer ${index}`)));
}

describe.skipIf(typeof Worker === 'undefined')('a tab killed mid-write, round after round (dedicated workers)', { timeout: 180_000 }, () => {
  it.skipIf(WEBKIT)(`kills a tab appending and importing at a random point ${ROUNDS} times: every conversation whole, every acknowledged write there, the log appendable from a fresh tab`, async () => {
    const seed = Math.floor(Math.random() * 2 ** 32);
    const random = seededRandom(seed);
    const name = stores.name();
    const page = await stores.open({ name });
    const stormed = await Promise.all([1, 2, 3].map(async (number) => (await page.createConversation({ title: `stormed ${number}` })).id));
    const template = await page.createConversation({ title: 'import template' });
    await page.append(template.id, turns(IMPORTED_ENTRIES));
    const importData = await page.exportConversation(template.id);
    const written: Written = { template: template.id, stormed, importedTexts: (await page.entries(template.id)).map(textOf), acked: [] };

    let killedMidImport = 0;
    let writer: Tab = await tabs.start();
    await writer.call({ op: 'open', name });
    for (let round = 1; round <= ROUNDS; round++) {
      await writer.call({ op: 'storm', conversationIds: stormed, label: `r${round}`, chains: 3, importData });
      const acknowledgedBefore = 1 + Math.floor(random() * 12);
      const tab = writer;
      // In even rounds also one import acknowledged first (one takes longer than a few appends), so
      // the check meets imports that committed beside ones the kill caught.
      const importsBefore = round % 2 === 0 ? 1 : 0;
      await waitFor(() => tab.stormFailed !== undefined || (tab.notes.filter((note) => note.kind !== 'import_started').length >= acknowledgedBefore
        && tab.notes.filter((note) => note.kind === 'imported').length >= importsBefore), `${acknowledgedBefore} acknowledged writes (seed ${seed})`);
      await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 30)));
      tab.terminate();
      expect(tab.stormFailed, `a write failed before kill ${round} (seed ${seed})`).toBeUndefined();
      const started = tab.notes.filter((note) => note.kind === 'import_started').length;
      const midImport = started > tab.notes.filter((note) => note.kind === 'imported').length;
      if (midImport) killedMidImport++;

      // A fresh tab opens the database and answers in every conversation where its log ends.
      writer = await tabs.start();
      await writer.call({ op: 'open', name });
      written.acked.push(...tab.notes.filter((note) => note.kind !== 'import_started'));
      for (const id of stormed) {
        const lastSeq = (await within(page.getConversation(id), `getConversation after kill ${round}`))!.lastSeq;
        const answered = await writer.call<AppendOutcome>({ op: 'answer', conversationId: id, label: `after kill ${round}`, expectedLastSeq: lastSeq });
        expect(answered, `the fresh tab's answer after kill ${round} (seed ${seed})`).toEqual({ text: `after kill ${round}`, seqs: [lastSeq + 1, lastSeq + 2] });
      }
      await expectWhole(page, name, written, round);
    }
    writer.terminate();
    // Else the kills never landed where this test is about.
    expect(written.acked.filter((note) => note.kind === 'append').length).toBeGreaterThanOrEqual(ROUNDS);
    expect(written.acked.filter((note) => note.kind === 'imported').length).toBeGreaterThanOrEqual(ROUNDS / 2);
    expect(killedMidImport, `rounds killed with an import in flight (seed ${seed})`).toBeGreaterThan(0);
    console.info(`[killed-tabs] ${navigator.userAgent.match(/(Firefox|Chrome|Version)\/[\d.]+/)?.[0]} seed ${seed}: ${ROUNDS} kills, ${killedMidImport} mid-import, `
      + `${written.acked.length} acknowledged writes, ${(await page.listConversations({ limit: 100_000 })).length} conversations`);
  });

  // The reproduction of the WebKitGTK row, skipped: the hang is intermittent (the 8th of 8 kills in one
  // probe; 3 of 5 runs of the six-kill storm, one of them with appends alone),
  // so no bound on attempts passes every time, and a hung database goes only with the browser's
  // profile. Run it by hand as `it.runIf(WEBKIT)` in the webkit project: it passes once one hangs.
  it.skip('WebKitGTK: a worker terminated mid-import while it appends can leave a transaction open, and every later read of its stores waits', async () => {
    const attempts: string[] = [];
    for (let attempt = 1; attempt <= 16 && !attempts.includes('hung'); attempt++) {
      // Not the fixture's: a database held by a hung transaction cannot be deleted (the browser's profile goes with the run).
      const name = `convolog-killed-import-${Date.now()}-${attempt}`;
      const page = await openStore({ name });
      const template = await page.createConversation({ title: 'import template' });
      await page.append(template.id, turns(IMPORTED_ENTRIES));
      const importData = await page.exportConversation(template.id);
      const tab = await tabs.start();
      await tab.call({ op: 'open', name });
      const { id } = await page.createConversation({ title: 'appended' });
      await tab.call({ op: 'storm', conversationIds: [id], label: 'i', chains: 3, importData });
      await waitFor(() => tab.notes.filter((note) => note.kind !== 'import_started').length >= 2 * attempt, 'writes');
      await new Promise((resolve) => setTimeout(resolve, attempt * 3));
      tab.terminate();
      attempts.push(await within(page.getConversation(template.id), 'the read', 5_000).then(() => 'answered', () => 'hung'));
      if (attempts.at(-1) === 'answered') page.close();
    }
    console.info(`[killed-tabs] WebKit, a read after a kill mid-import: ${attempts.join(', ')}`);
    expect(attempts).toContain('hung');
  });
});
