// The demo in real Chromium, checked by axe-core: no serious or critical accessibility
// violation on a laptop or a phone, in light and dark colours, empty, with a chat open (tool
// calls, a second version, a compaction marker, notices), with the settings dialog open, and
// with the phone's sidebar drawer open. (With search results shown: demo-search.test.ts.)
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useDemoEnvironment } from './support/demo-environment.js';
import { MOBILE } from './support/browser.js';
import { onDemoPage } from './support/demo-session.js';
import { byTestId, messages, screenshot, sendAndWait, waitForIdle, waitForNotice } from './support/demo-page.js';
import { seedChats } from './support/seed-chats.js';
import { seriousViolations } from './support/axe.js';

const demo = useDemoEnvironment();
/** The demo answers within this time even on a loaded two-core CI machine. */
const POLL = { timeout: 10_000 };

/** Checks the page as it is now, in light and then dark colours (soft: every state is reported). */
async function expectAccessibleInBothSchemes(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForTimeout(400); // the colour transitions settle before contrast is measured
    expect.soft(await seriousViolations(page), `${colorScheme} colours`).toEqual([]);
  }
}

describe('demo: accessibility (axe-core)', () => {
  it('has no serious or critical violation on a laptop: empty, a chat with tools, versions and a compaction, settings', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await expectAccessibleInBothSchemes(page);
      await sendAndWait(page, 'What is the weather in Oslo, and what is 6*7?');
      await sendAndWait(page, 'Thanks! How does compacting a chat work?');
      const last = messages(page, 'assistant').last();
      await last.hover();
      await byTestId(last, 'regenerate').click();
      await waitForIdle(page);
      await byTestId(page, 'compact').click();
      await waitForNotice(page, /Compacted/);
      await expect.poll(() => byTestId(page, 'branch-position').count(), POLL).toBeGreaterThan(0);
      await expectAccessibleInBothSchemes(page);
      await byTestId(page, 'settings').click();
      await page.waitForSelector('dialog[open]');
      await expectAccessibleInBothSchemes(page);
      expect(watch.errors).toEqual([]);
    });
  });

  it('has no serious or critical violation on a phone, with the sidebar drawer closed and open', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await sendAndWait(page, 'Hello from a phone. Is it raining in Bergen?');
      await expectAccessibleInBothSchemes(page);
      await page.locator('.menu-button').click();
      await expect.poll(() => byTestId(page, 'new-chat').isVisible(), POLL).toBe(true);
      await page.waitForTimeout(300); // the drawer's slide
      await expectAccessibleInBothSchemes(page);
      expect(watch.errors).toEqual([]);
    }, { viewport: MOBILE });
  });

  for (const viewport of [undefined, MOBILE]) {
    it(`has no serious or critical violation in the shell's new states on a ${viewport === undefined ? 'laptop' : 'phone'}: the draft, an Undo notice, version labels in search, the shortcuts help`, async () => {
      await onDemoPage(demo, async ({ page, watch }) => {
        await seedChats(page, [{
          title: 'Ferry times',
          messages: [
            { role: 'user', text: 'When does the ferry leave?' },
            { role: 'assistant', text: 'At nine from pier four.' },
            { role: 'assistant', text: 'At nine from pier four.', versionOf: 1 },
          ],
        }, { title: 'To delete', messages: [{ role: 'user', text: 'Delete me' }] }]);
        await byTestId(page, 'conversation-item').first().evaluate((element) => (element as HTMLElement).click());
        await byTestId(page, 'delete').click();
        await waitForNotice(page, /Deleted "To delete"/);
        await expectAccessibleInBothSchemes(page);
        const device = viewport === undefined ? 'desktop' : 'phone';
        await screenshot(page, `shell-a11y-undo-${device}-dark`);
        if (viewport !== undefined) await page.locator('.menu-button').click();
        await byTestId(page, 'search-input').fill('pier');
        await expect.poll(() => byTestId(page, 'search-version').count(), POLL).toBe(2);
        await expectAccessibleInBothSchemes(page);
        await screenshot(page, `shell-a11y-search-${device}-dark`);
        await byTestId(page, 'search-input').fill('');
        if (viewport !== undefined) await page.keyboard.press('Escape');
        await page.locator('.transcript').focus();
        await page.keyboard.press('?');
        await expect.poll(() => byTestId(page, 'shortcuts-dialog').isVisible(), POLL).toBe(true);
        await expectAccessibleInBothSchemes(page);
        await screenshot(page, `shell-a11y-shortcuts-${device}-dark`);
        expect(watch.errors).toEqual([]);
      }, { ...(viewport === undefined ? {} : { viewport }), query: 'speed=fast&undoMs=600000' });
    });
  }
});
