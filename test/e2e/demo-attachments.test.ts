// The demo's attachments (DESIGN §18, "Demo"): images and PDFs pasted, dropped or picked in the
// composer, stored once as attachments, shown as thumbnails and chips in the transcript (object
// URLs released when the message leaves the page), full size in a dialog, described by the
// offline assistant, kept by an edit. Edge cases (missing bytes, endpoints, SVG) are in
// demo-attachments-edges.test.ts.
import { describe, expect, it } from 'vitest';
import { useDemoEnvironment } from './support/demo-environment.js';
import { DESKTOP, MOBILE } from './support/browser.js';
import { byTestId, messages, newChat, screenshot, waitForIdle, waitForReady } from './support/demo-page.js';
import { onDemoPage } from './support/demo-session.js';
import { canvasImage, dragFileOver, gifBytes, pasteFile, pdfBytes, pngBytes, sendAndSettle, thumbnailWidths } from './support/attachment-files.js';
import { formatBytes } from '../../demo/shared/format.js';
import { storedAttachmentCount } from './support/stored-chats.js';
import { seriousViolations } from './support/axe.js';

const demo = useDemoEnvironment();

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
      expect(await sent.getByRole('button', { name: `Download report.pdf PDF · ${formatBytes(pdfBytes().length)}` }).count()).toBe(1);
      // The offline assistant read the picture's header: name, type, size and pixels.
      const answer = await messages(page, 'assistant').last().innerText();
      expect(answer).toContain(`chart.png: PNG image, 320 × 200 pixels, ${formatBytes(png.length)}.`);
      expect(answer).toMatch(/report\.pdf: PDF, \d+ B\./);
      await screenshot(page, 'desktop-attachments-transcript');
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'desktop-attachments-transcript-dark');
      await page.emulateMedia({ colorScheme: 'light' });

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

  it('the offline assistant reads the pixel size of JPEG, WebP and GIF pictures from their headers', async () => {
    await onDemoPage(demo, async ({ page }) => {
      await byTestId(page, 'attach-input').setInputFiles([
        { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await canvasImage(page, 1600, 1067, 'image/jpeg') },
        { name: 'sticker.webp', mimeType: 'image/webp', buffer: await canvasImage(page, 99, 101, 'image/webp') },
        { name: 'dot.gif', mimeType: 'image/gif', buffer: gifBytes(7, 5) },
      ]);
      await sendAndSettle(page, '');
      const answer = await messages(page, 'assistant').last().innerText();
      expect(answer).toContain('photo.jpg: JPEG image, 1600 × 1067 pixels');
      expect(answer).toContain('sticker.webp: WebP image, 99 × 101 pixels');
      expect(answer).toContain('dot.gif: GIF image, 7 × 5 pixels');
      // A message of pictures alone is titled by the first one's name.
      expect(await page.locator('.chat-title').innerText()).toBe('photo.jpg');

      // A picture larger than the screen opens scaled down inside it, the dialog as wide as the picture shown.
      await byTestId(page, 'attachment-thumb').first().click();
      await expect.poll(() => byTestId(page, 'image-viewer-img').evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(1600);
      const dialog = (await byTestId(page, 'image-viewer').boundingBox())!;
      const image = (await byTestId(page, 'image-viewer-img').boundingBox())!;
      expect(dialog.x).toBeGreaterThanOrEqual(0);
      expect(dialog.y).toBeGreaterThanOrEqual(0);
      expect(dialog.x + dialog.width).toBeLessThanOrEqual(DESKTOP.width);
      expect(dialog.y + dialog.height).toBeLessThanOrEqual(DESKTOP.height);
      expect(image.x + image.width).toBeLessThanOrEqual(dialog.x + dialog.width);
      expect(image.width).toBeGreaterThan(560);
      // The dialog hugs the picture (its 12 px frame on each side), not the whole screen width.
      expect(dialog.width).toBeLessThan(image.width + 40);
      await screenshot(page, 'desktop-attachments-full-size-large');
    });
  });

  it('an edited message keeps its pictures: the new version is sent with them', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      const receipt = await pngBytes(page, 30, 60);
      await byTestId(page, 'attach-input').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: receipt });
      await sendAndSettle(page, 'Frist words');
      const message = messages(page, 'user').last();
      await message.hover();
      await byTestId(message, 'edit-message').click();
      await byTestId(message, 'edit-input').fill('First words, what is this picture?');
      await byTestId(message, 'edit-save').click();
      await expect.poll(() => byTestId(page, 'branch-position').first().innerText(), { timeout: 30_000 }).toMatch(/2\s*\/\s*2/);
      await waitForIdle(page);
      const edited = messages(page, 'user').last();
      expect(await edited.locator('.bubble').innerText()).toBe('First words, what is this picture?');
      await expect.poll(() => thumbnailWidths(page)).toEqual([30]);
      expect(await messages(page, 'assistant').last().innerText()).toContain('receipt.png: PNG image, 30 × 60 pixels');
      // The same bytes, referenced by both versions, are stored once.
      expect(await storedAttachmentCount(page)).toBe(1);
      // Settings → Storage counts them once too, exactly (its "Images & files" part).
      await byTestId(page, 'settings').click();
      await expect.poll(() => byTestId(page, 'storage-part-attachments').innerText()).toBe(formatBytes(receipt.length));
      expect(watch.errors).toEqual([]);
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

      // A paste of cells from a spreadsheet carries their picture beside their text: it is text, nothing is attached.
      const dot = await pngBytes(page, 4, 4);
      await pasteFile(page, { name: 'image.png', mimeType: 'image/png', buffer: dot }, 'A1\tB1');
      expect(await byTestId(page, 'pending-attachment').count()).toBe(0);

      // A good file afterwards is taken and the message goes away; Remove takes it out again.
      await byTestId(page, 'attach-input').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: dot });
      expect(await byTestId(page, 'attachment-problem').isHidden()).toBe(true);
      expect(await byTestId(page, 'attachment-status').innerText()).toBe('Attached dot.png.');
      expect(await byTestId(page, 'send').isDisabled()).toBe(false);
      await byTestId(page, 'remove-attachment').click();
      expect(await byTestId(page, 'pending-attachment').count()).toBe(0);
      expect(await byTestId(page, 'attachment-status').innerText()).toBe('Removed dot.png.');
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

  it('fits a phone screen and passes axe with attachments in the composer, the transcript and the full-size view, light and dark', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      const wide = await pngBytes(page, 1200, 500);
      await byTestId(page, 'attach-input').setInputFiles([
        { name: 'panorama-of-the-harbour-at-dusk.png', mimeType: 'image/png', buffer: wide },
        { name: 'boarding-pass-with-a-rather-long-file-name.pdf', mimeType: 'application/pdf', buffer: pdfBytes() },
      ]);
      await byTestId(page, 'composer').fill('Trip files');
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        expect.soft(await seriousViolations(page), `composer, ${colorScheme}`).toEqual([]);
        await screenshot(page, `phone-attachments-composer-${colorScheme}`);
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await sendAndSettle(page, 'Trip files');
      await expect.poll(() => thumbnailWidths(page)).toEqual([1200]);
      // Nothing runs off the side of the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        expect.soft(await seriousViolations(page), `transcript, ${colorScheme}`).toEqual([]);
        await screenshot(page, `phone-attachments-transcript-${colorScheme}`);
      }
      await byTestId(page, 'attachment-thumb').click();
      await expect.poll(() => byTestId(page, 'image-viewer-img').evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(1200);
      const box = (await byTestId(page, 'image-viewer').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
      expect.soft(await seriousViolations(page), 'full-size view, dark').toEqual([]);
      await screenshot(page, 'phone-attachments-full-size-dark');
      await byTestId(page, 'image-viewer-close').click();
      expect(watch.errors).toEqual([]);
    }, { viewport: MOBILE });
  });

});
