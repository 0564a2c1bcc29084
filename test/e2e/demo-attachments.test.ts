// The demo's attachments (DESIGN §18, "Demo"): images and PDFs pasted, dropped or picked in the
// composer, stored once as attachments, shown as thumbnails and chips in the transcript (object
// URLs released when the message leaves the page), full size in a dialog, described by the
// offline assistant, sent to an endpoint as the provider's shape, and a missing file said to be
// missing.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useDemoEnvironment } from './support/demo-environment.js';
import { MOBILE } from './support/browser.js';
import { byTestId, messages, newChat, screenshot, send, waitForIdle, waitForReady } from './support/demo-page.js';
import { onDemoPage } from './support/demo-session.js';
import { dragFileOver, pasteFile, pdfBytes, pngBytes } from './support/attachment-files.js';
import { startFakeOpenAIServer } from './support/fake-openai-server.js';
import { useEndpoint } from './support/endpoint-settings.js';
import { useStarted } from './support/use-started.js';
import { formatBytes } from '../../demo/shared/format.js';
import { dropAttachmentBytes, storedAttachmentCount } from './support/stored-chats.js';

const demo = useDemoEnvironment();
const endpoint = useStarted('fake OpenAI endpoint', () => startFakeOpenAIServer());

/** Sends what the composer holds and waits for the answer to be written. */
async function sendAndSettle(page: Page, text: string): Promise<void> {
  const before = await messages(page, 'assistant').count();
  await send(page, text);
  await expect.poll(() => messages(page, 'assistant').count(), { timeout: 30_000 }).toBeGreaterThan(before);
  await waitForIdle(page);
}

/** Whether every thumbnail image in the transcript has loaded, and their pixel widths. */
function thumbnailWidths(page: Page): Promise<number[]> {
  return page.locator('[data-testid="message"] [data-testid="attachment-thumb"] img')
    .evaluateAll((images) => images.map((image) => ((image as HTMLImageElement).complete ? (image as HTMLImageElement).naturalWidth : 0)));
}

describe('demo: attachments', () => {
  it('a pasted image and a picked PDF go with the message, show as thumbnail and chip, come back after a reload, and open full size', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      const png = await pngBytes(page, 320, 200);
      await pasteFile(page, { name: 'chart.png', mimeType: 'image/png', buffer: png });
      await byTestId(page, 'attach-input').setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: pdfBytes() });

      // In the composer: a thumbnail and a chip, each with its own Remove button.
      await expect.poll(() => byTestId(page, 'pending-attachment').count()).toBe(2);
      expect(await byTestId(page, 'attachment-tray').locator('img').getAttribute('alt')).toBe('chart.png');
      expect(await byTestId(page, 'attachment-tray').getByTestId('file-chip').innerText()).toMatch(/report\.pdf\s+PDF · \d+ B/);
      expect(await byTestId(page, 'remove-attachment').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label'))))
        .toEqual(['Remove chart.png', 'Remove report.pdf']);
      await byTestId(page, 'composer').fill('What are these?');
      await screenshot(page, 'desktop-attachments-composer');
      await sendAndSettle(page, 'What are these?');

      // The transcript: the picture above the bubble, the PDF as a chip; the tray is empty again.
      expect(await byTestId(page, 'pending-attachment').count()).toBe(0);
      const sent = messages(page, 'user').last();
      await expect.poll(() => thumbnailWidths(page)).toEqual([320]);
      expect(await sent.getByTestId('attachment-file').getAttribute('aria-label')).toMatch(/^Download report\.pdf \(PDF, \d+ B\)$/);
      // The offline assistant read the picture's header: name, type, size and pixels.
      const answer = await messages(page, 'assistant').last().innerText();
      expect(answer).toContain(`chart.png: PNG image, 320 × 200 pixels, ${formatBytes(png.length)}.`);
      expect(answer).toMatch(/report\.pdf: PDF, \d+ B\./);
      await screenshot(page, 'desktop-attachments-transcript');

      // A question about the picture later in the chat is answered from the same facts.
      await sendAndSettle(page, 'How many pixels does the image have?');
      expect(await messages(page, 'assistant').last().innerText()).toContain('320 × 200 pixels');

      await page.reload();
      await waitForReady(page);
      await expect.poll(() => thumbnailWidths(page)).toEqual([320]);

      // Full size in a dialog; Escape closes it and focus goes back to the thumbnail.
      const thumb = byTestId(page, 'attachment-thumb');
      await thumb.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => byTestId(page, 'image-viewer').evaluate((dialog) => (dialog as HTMLDialogElement).open)).toBe(true);
      await expect.poll(() => byTestId(page, 'image-viewer-img').evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(320);
      expect(await byTestId(page, 'image-viewer-caption').innerText()).toContain('320 × 200 pixels');
      await screenshot(page, 'desktop-attachments-full-size');
      await page.keyboard.press('Escape');
      await expect.poll(() => byTestId(page, 'image-viewer').evaluate((dialog) => (dialog as HTMLDialogElement).open)).toBe(false);
      await expect.poll(() => byTestId(page, 'image-viewer-img').getAttribute('src')).toBeNull();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('attachment-thumb');

      // The thumbnail's object URL is released when its message leaves the page.
      const url = (await thumb.locator('img').getAttribute('src'))!;
      expect(url).toMatch(/^blob:/);
      // Read as an image (the page's policy lets images, not fetch, read blob: URLs).
      const readable = (src: string): Promise<string> => page.evaluate((source) => {
        const image = new Image();
        image.src = source;
        return image.decode().then(() => 'readable', () => 'revoked');
      }, src);
      expect(await readable(url)).toBe('readable');
      expect(watch.errors).toEqual([]);
      await newChat(page);
      // (The probe of the revoked URL logs the one expected "Failed to load resource".)
      await expect.poll(() => readable(url)).toBe('revoked');
    });
  });

  it('refuses a file over the size limit and a type it does not take, saying why, and stores nothing', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await byTestId(page, 'attach-input').setInputFiles([
        { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(21_000_000) },
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') },
      ]);
      const problem = await byTestId(page, 'attachment-problem').innerText();
      expect(problem).toContain('“huge.png” was not attached: it is 21 MB, and files can be at most 20 MB.');
      expect(problem).toContain('“notes.txt” was not attached: only images (PNG, JPEG, GIF, WebP) and PDFs can be attached.');
      expect(await byTestId(page, 'attachment-problem').getAttribute('role')).toBe('alert');
      expect(await byTestId(page, 'pending-attachment').count()).toBe(0);
      expect(await byTestId(page, 'send').isDisabled()).toBe(true);
      await screenshot(page, 'desktop-attachments-refused');

      // A good file afterwards is taken and the message goes away; Remove takes it out again.
      await byTestId(page, 'attach-input').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: await pngBytes(page, 4, 4) });
      expect(await byTestId(page, 'attachment-problem').isHidden()).toBe(true);
      expect(await byTestId(page, 'send').isDisabled()).toBe(false);
      await byTestId(page, 'remove-attachment').click();
      expect(await byTestId(page, 'pending-attachment').count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('composer');
      expect(await storedAttachmentCount(page)).toBe(0);
      expect(watch.errors).toEqual([]);
    });
  });

  it('takes a file dropped anywhere on the chat pane, with a visible drop target while dragging', async () => {
    await onDemoPage(demo, async ({ page }) => {
      const file = { name: 'dropped.png', mimeType: 'image/png', buffer: await pngBytes(page, 64, 48) };
      await dragFileOver(page, '.transcript', file, false);
      expect(await byTestId(page, 'drop-target').isVisible()).toBe(true);
      await screenshot(page, 'desktop-attachments-drop-target');
      await dragFileOver(page, '.transcript', file, true);
      expect(await byTestId(page, 'drop-target').isHidden()).toBe(true);
      expect(await byTestId(page, 'attachment-tray').locator('img').getAttribute('alt')).toBe('dropped.png');
      await sendAndSettle(page, '');
      expect(await messages(page, 'assistant').last().innerText()).toContain('dropped.png: PNG image, 64 × 48 pixels');
    });
  });
});
