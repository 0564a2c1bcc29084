// Scenario 9: a refresh storm. The demo is reloaded 20 times in quick succession while replies
// stream (with tool calls in flight, so some reloads land inside a tool window and the next
// message settles it). A second tab reads the raw database between reloads: what was committed
// is never reset or truncated (every conversation's entry ids only ever grow, as a prefix), and
// at the end the log is resumable and the demo shows every committed user message. In Chromium
// and Firefox (the reliability-firefox project).
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './support/browser-suite.js';
import { messageTexts, openDemo, send, testId, waitForIdle, waitForReady } from './support/demo-steps.js';
import { createRandom } from './support/fuzzer.js';
import { recordFigure } from './support/figures.js';
import { IN_FIREFOX, IN_WEBKIT } from './support/page-engine.js';
import type { ScenarioPage as Page } from './support/scenario-page.js';

/**
 * 20 in Chromium; 12 in Firefox, whose reload of the demo from Vite's dev server takes 0.1–11 s
 * on the loaded 2-core machine (20 took 55–116 s there, more than the Firefox project's budget).
 */
const RELOADS = Number(process.env.CONVOLOG_STORM_RELOADS ?? (IN_FIREFOX ? 12 : 20));

type Snapshot = Record<string, string[]>;

/** Every conversation's entry ids in seq order, read raw from the demo's database. */
async function snapshot(reader: Page): Promise<Snapshot> {
  const records = await reader.evaluate(async () => {
    const names = (await indexedDB.databases()).map((database) => database.name);
    if (!names.includes('convolog')) return [];
    return (await window.reliability.raw.readRecords('convolog', 'entries')) as { conversationId: string; seq: number; id: string }[];
  });
  const result: Snapshot = {};
  for (const record of [...records].sort((left, right) => left.seq - right.seq)) (result[record.conversationId] ??= []).push(record.id);
  return result;
}

function problems(before: Snapshot, after: Snapshot, when: string): string[] {
  const found: string[] = [];
  for (const [conversationId, ids] of Object.entries(before)) {
    const now = after[conversationId];
    if (now === undefined) found.push(`${when}: conversation ${conversationId} (${ids.length} entries) vanished`);
    else if (now.length < ids.length) found.push(`${when}: conversation ${conversationId} shrank from ${ids.length} to ${now.length} entries`);
    else if (ids.some((id, index) => now[index] !== id)) found.push(`${when}: conversation ${conversationId} was rewritten`);
  }
  return found;
}

describe('scenario 9: refresh storm', () => {
  const suite = useBrowserSuite('storm');

  // Skipped in WebKit until its hang is understood: in 6 of 12 runs there (reliability-webkit),
  // after the storm the demo reopened the chat on an interrupted calculator call shown "Waiting…"
  // with Stop visible, nothing streaming, and the next message never appeared; the wait for
  // idle timed out after 60 s. No reload regression was seen before it. Whether the engine, the
  // demo's resumed tool run or the WebDriver harness holds it was not found (DESIGN §19).
  it.skipIf(IN_WEBKIT)(`reloads the demo ${RELOADS} times while replies stream: nothing committed is ever reset or truncated`, async () => {
    const random = createRandom(Number(process.env.CONVOLOG_SEED ?? 20250101));
    const reader = await suite.harness();
    // Opened last, so it is the tab in front: Firefox throttles a background tab's timers, and the
    // demo streams on timers.
    const demo = await suite.newPage();
    await openDemo(demo, suite.server.origin);
    // Slow enough that a reload always finds a reply streaming or a tool running.
    await demo.goto(`${suite.server.origin}/?tokenDelay=25&toolDelay=250`);
    await waitForReady(demo);

    let last = await snapshot(reader);
    const found: string[] = [];
    const sent: string[] = [];
    let sendsDuringStorm = 0;
    for (let reload = 0; reload < RELOADS; reload++) {
      // Every fourth reload, let the app come up and start a new streaming turn first; the
      // reloads between land while the app is still loading, reading and settling.
      if (reload % 4 === 0) {
        await waitForReady(demo);
        const text = reload % 8 === 0 ? `Weather in Oslo and what is ${reload}*7? Turn ${reload}.` : `Tell me a long story, turn ${reload}.`;
        await send(demo, text);
        sendsDuringStorm++;
        // The demo shows a sent message in the transcript once its append has resolved (send-turn.ts),
        // and streams the reply only after that: from then on the message is committed and must
        // survive. Any tool call on screen does not say so: one from an earlier turn would (it did,
        // under load, in a CI run: a message reloaded away before its append was counted as lost).
        const committed = await demo.waitForFunction((sentText) => document.querySelector('[data-streaming="true"]') !== null ||
          [...document.querySelectorAll<HTMLElement>('[data-testid="message"][data-role="user"]')].some((message) => message.innerText.includes(sentText)),
        text, { timeout: 5_000 }).then(() => true, () => false);
        sent.push(committed ? text : `(maybe) ${text}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 5 + random.int(250)));
      await demo.reloadAtOnce();
      const now = await snapshot(reader);
      found.push(...problems(last, now, `after reload ${reload + 1}`));
      last = now;
    }
    // Back at full speed (same chat: the hash names it) for the last turn.
    await demo.goto(`${suite.server.origin}/?speed=fast${new URL(demo.url()).hash}`);
    await waitForReady(demo);
    // The next message settles whatever a reload interrupted; let that turn finish.
    await send(demo, 'Are you still there?');
    sent.push('Are you still there?');
    await waitForIdle(demo, 60_000);
    const final = await snapshot(reader);
    found.push(...problems(last, final, 'at the end'));
    expect(found).toEqual([]);

    const check = await reader.evaluate(async () => {
      const { openStore, validate, describeIssue } = window.reliability.convolog;
      const store = await openStore();
      const conversations = await store.listConversations();
      const result = [];
      for (const conversation of conversations) {
        const entries = await store.entries(conversation.id);
        const messages = entries.flatMap((entry) => (entry.type === 'message' ? [entry.message] : []));
        result.push({
          entries: entries.length,
          contiguous: entries.every((entry, index) => entry.seq === index + 1),
          issues: validate(messages, 'resumable').map(describeIssue),
          users: messages.filter((message) => message.role === 'user').map((message) => (typeof message.content === 'string' ? message.content : '')),
        });
      }
      store.close();
      return result;
    });
    expect(check).toHaveLength(1);
    const [conversation] = check;
    expect(conversation!.contiguous).toBe(true);
    expect(conversation!.issues).toEqual([]);
    // Every message whose reply had started streaming is there, in order (a message reloaded away
    // before that may or may not have been committed).
    const committed = sent.filter((text) => !text.startsWith('(maybe) '));
    expect(conversation!.users.filter((text) => committed.includes(text))).toEqual(committed);
    expect(conversation!.users.every((text) => sent.includes(text) || sent.includes(`(maybe) ${text}`))).toBe(true);
    const shownUsers = await messageTexts(demo, 'user');
    expect(shownUsers).toEqual(conversation!.users.map((text) => expect.stringContaining(text)));
    expect(await demo.evaluate((selector) => document.querySelectorAll(selector).length, testId('conversation-item'))).toBe(1);
    recordFigure('refresh-storm', { reloads: RELOADS, sendsDuringStorm, entries: conversation!.entries });
  });
});
