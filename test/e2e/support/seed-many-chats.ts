// Writes many empty chats into the demo's database through the library (a second store in the
// page, as another tab would), each last active `spacingHours` before the one after it, the newest
// now: what a user with years of chats has. Titles are `Chat <n> <word>`, n = 1 for the oldest.
import type { Page } from 'playwright-core';
import { waitForReady } from './demo-page.js';
import { PAGE_LIBRARY } from './demo-server.js';

/** Words the titles rotate through (accents and Han to filter by). */
export const SEED_WORDS = ['weather', 'Café plans', 'recipe', 'code review', '天气预报', 'budget'];

/** Seeds `count` chats and reloads the demo. */
export async function seedManyChats(page: Page, count: number, spacingHours = 1): Promise<void> {
  await page.evaluate(`import('${PAGE_LIBRARY}').then((library) => { window.__convolog = library; })`);
  await page.evaluate(async ({ count, spacingHours, words }) => {
    const library = (window as unknown as { __convolog: typeof import('../../../src/index.js') }).__convolog;
    const newest = Date.now();
    let next = 0;
    // Each create asks `now` once: the n-th chat (oldest first) gets its own time.
    // No journal: seeding is not what is measured, and mirroring 10,000 writes takes minutes.
    const store = await library.openStore({
      durability: 'relaxed', journal: false, now: () => new Date(newest - (count - ++next) * spacingHours * 3_600_000),
    });
    try {
      for (let start = 1; start <= count; start += 500) {
        const batch = [];
        // `now` is read as each create is called, so the n-th call gets the n-th time; the writes overlap.
        for (let n = start; n < start + 500 && n <= count; n++) batch.push(store.createConversation({ title: `Chat ${n} ${words[n % words.length]}` }));
        await Promise.all(batch);
      }
    } finally {
      store.close();
    }
  }, { count, spacingHours, words: SEED_WORDS });
  await page.reload();
  await waitForReady(page);
}
