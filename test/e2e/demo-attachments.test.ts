// The demo's attachments (DESIGN §18, "Demo"): images and PDFs pasted, dropped or picked in the
// composer, stored once as attachments, shown as thumbnails and chips in the transcript (object
// URLs released when the message leaves the page), full size in a dialog, described by the
// offline assistant, sent to an endpoint as the provider's shape, and a missing file said to be
// missing.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useDemoEnvironment } from './support/demo-environment.js';
import { DESKTOP, MOBILE } from './support/browser.js';
import { byTestId, messages, newChat, screenshot, send, waitForIdle, waitForReady } from './support/demo-page.js';
import { onDemoPage } from './support/demo-session.js';
import { canvasImage, dragFileOver, pasteFile, pdfBytes, pngBytes } from './support/attachment-files.js';
import { startFakeOpenAIServer } from './support/fake-openai-server.js';
import { useEndpoint } from './support/endpoint-settings.js';
import { useStarted } from './support/use-started.js';
import { formatBytes } from '../../demo/shared/format.js';
import { dropAttachmentBytes, storedAttachmentCount } from './support/stored-chats.js';
import { seriousViolations } from './support/axe.js';

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

  it('the offline assistant reads the pixel size of JPEG and WebP pictures from their headers', async () => {
    await onDemoPage(demo, async ({ page }) => {
      await byTestId(page, 'attach-input').setInputFiles([
        { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await canvasImage(page, 1600, 1067, 'image/jpeg') },
        { name: 'sticker.webp', mimeType: 'image/webp', buffer: await canvasImage(page, 99, 101, 'image/webp') },
      ]);
      await sendAndSettle(page, '');
      const answer = await messages(page, 'assistant').last().innerText();
      expect(answer).toContain('photo.jpg: JPEG image, 1600 × 1067 pixels');
      expect(answer).toContain('sticker.webp: WebP image, 99 × 101 pixels');
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
      // Settings → Storage counts them once too.
      await byTestId(page, 'settings').click();
      await expect.poll(() => byTestId(page, 'storage-attachments').innerText())
        .toBe(`Images and files: ${formatBytes(receipt.length)}, each stored once however many messages send it.`);
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

  it('shows a reference whose bytes are not on this device as "not available", and the assistant and endpoint say so instead of breaking', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      const png = await pngBytes(page, 40, 30);
      await byTestId(page, 'attach-input').setInputFiles([
        { name: 'holiday.png', mimeType: 'image/png', buffer: png },
        { name: 'ticket.pdf', mimeType: 'application/pdf', buffer: pdfBytes() },
      ]);
      await sendAndSettle(page, 'Keep these');
      expect(await storedAttachmentCount(page)).toBe(2);
      await dropAttachmentBytes(page);
      await page.reload();
      await waitForReady(page);

      const sent = messages(page, 'user').first();
      await expect.poll(() => sent.getByTestId('attachment-missing').count()).toBe(1);
      expect(await sent.getByTestId('attachment-missing').innerText()).toBe(`holiday.png is not available on this device\nPNG image · ${formatBytes(png.length)}`);
      // The PDF's chip finds out when it is clicked, and says so in place.
      await sent.getByTestId('attachment-file').click();
      await expect.poll(() => sent.getByTestId('attachment-missing').count()).toBe(2);
      expect(await sent.getByTestId('attachment-missing').last().innerText()).toContain('ticket.pdf is not available on this device');
      await screenshot(page, 'desktop-attachments-missing');

      await sendAndSettle(page, 'What size is the picture?');
      const answer = await messages(page, 'assistant').last().innerText();
      expect(answer).toContain(`holiday.png: PNG image, ${formatBytes(png.length)}. Its bytes are not available on this device`);
      expect(watch.errors).toEqual([]);

      // An endpoint cannot be sent what is not here: the turn fails with the reason, under the message.
      await useEndpoint(page, { baseUrl: endpoint.baseUrl, model: 'fake-model' });
      const requestsBefore = endpoint.requests.length;
      await send(page, 'And now?');
      await expect.poll(() => byTestId(page, 'turn-failure').count(), { timeout: 30_000 }).toBe(1);
      expect(await byTestId(page, 'turn-failure').innerText()).toContain('No answer: an attachment of this chat is not stored on this device, so it could not be sent.');
      expect(endpoint.requests.length).toBe(requestsBefore);
    });
  });

  it('sends an endpoint the bytes in the provider\'s shape: the image as a data URL, the PDF as file data', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await useEndpoint(page, { baseUrl: endpoint.baseUrl, model: 'fake-model' });
      const png = await pngBytes(page, 8, 8);
      const pdf = pdfBytes();
      await pasteFile(page, { name: 'tiny.png', mimeType: 'image/png', buffer: png });
      await byTestId(page, 'attach-input').setInputFiles({ name: 'doc.pdf', mimeType: 'application/pdf', buffer: pdf });
      await sendAndSettle(page, 'Describe');
      const request = endpoint.requests.at(-1)!.body;
      expect(request.messages.at(-1)).toEqual({
        role: 'user',
        content: [
          { type: 'text', text: 'Describe' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } },
          { type: 'file', file: { file_data: `data:application/pdf;base64,${pdf.toString('base64')}`, filename: 'doc.pdf' } },
        ],
      });
      // The store keeps the reference, not the base64 the request carried.
      await expect.poll(() => thumbnailWidths(page)).toEqual([8]);
      expect(watch.errors).toEqual([]);
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

  it('an endpoint request carries the newest attachments that fit its budget and names the older ones in text', async () => {
    await onDemoPage(demo, async ({ page }) => {
      // The demo's own module, as the dev server serves it to the page (a string, so the test runner leaves the import alone).
      await page.evaluate("import('/demo/model/request-attachments.ts').then((module) => { window.recentAttachments = module.recentAttachments; })");
      const result = await page.evaluate(() => {
        const { recentAttachments } = window as unknown as typeof import('../../demo/model/request-attachments.js');
        const ref = (id: string, size: number, filename: string) => ({ kind: 'attachment' as const, id, mediaType: 'image/png', size, filename });
        const answer = { role: 'assistant' as const, content: [{ type: 'text' as const, text: 'ok' }] };
        return recentAttachments([
          { role: 'user', content: [{ type: 'text', text: 'old' }, { type: 'image', source: ref('a', 30_000_000, 'old.png') }, { type: 'image', source: ref('b', 25_000_000, 'again.png') }] },
          answer,
          { role: 'user', content: [{ type: 'image', source: ref('b', 25_000_000, 'again.png') }] },
          answer,
          { role: 'user', content: [{ type: 'text', text: 'now' }, { type: 'file', source: ref('c', 1_000_000, 'now.pdf'), filename: 'now.pdf' }] },
        ], 50_000_000);
      });
      // The newest (c, 1 MB) and the next (b, 25 MB) fit; a (30 MB) would pass 50 MB: named instead. b's older copy is the same bytes: kept.
      expect(result[0]!.content).toEqual([
        { type: 'text', text: 'old' },
        { type: 'text', text: '[Image "old.png" not sent with this request: older attachments are left out to keep it under 50 MB]' },
        { type: 'image', source: { kind: 'attachment', id: 'b', mediaType: 'image/png', size: 25_000_000, filename: 'again.png' } },
      ]);
      expect(result.slice(1)).toEqual([
        { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
        { role: 'user', content: [{ type: 'image', source: { kind: 'attachment', id: 'b', mediaType: 'image/png', size: 25_000_000, filename: 'again.png' } }] },
        { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
        { role: 'user', content: [{ type: 'text', text: 'now' }, { type: 'file', source: { kind: 'attachment', id: 'c', mediaType: 'image/png', size: 1_000_000, filename: 'now.pdf' }, filename: 'now.pdf' }] },
      ]);
    });
  });

  it('shows a stored SVG only as an <img> (its script never runs) and a hostile file name as text', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      const hostile = '<img src=x onerror="window.pwned=1">.svg';
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="60"><script>window.pwned=2</script>' +
        '<rect width="90" height="60" fill="#5b5bd6"/><foreignObject width="90" height="60"><img xmlns="http://www.w3.org/1999/xhtml" src="x" onerror="window.pwned=3"/></foreignObject></svg>';
      // Stored by another writer of the same database (a sync, an import): the store's own module, served to the page.
      await page.evaluate("import('/src/index.ts').then((module) => { window.convolog = module; })");
      await page.evaluate(async ({ svg, hostile }) => {
        const { openStore, user } = (window as unknown as { convolog: typeof import('../../src/index.js') }).convolog;
        const store = await openStore();
        const source = await store.putAttachment(new Blob([svg]), { mediaType: 'image/svg+xml', filename: hostile });
        const chat = await store.createConversation({ title: 'Vector' });
        await store.append(chat.id, [user([{ type: 'text', text: 'A drawing' }, { type: 'image', source }])]);
        store.close();
      }, { svg, hostile });
      await page.reload();
      await waitForReady(page);
      await page.locator('[data-testid="conversation-item"]').first().click();
      await expect.poll(() => thumbnailWidths(page)).toEqual([90]);
      const thumb = byTestId(page, 'attachment-thumb');
      expect(await thumb.locator('img').getAttribute('alt')).toBe(hostile);
      expect(await thumb.getAttribute('aria-label')).toBe(`Open ${hostile} full size`);
      await thumb.click();
      await expect.poll(() => byTestId(page, 'image-viewer-img').evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(90);
      expect(await byTestId(page, 'image-viewer').locator('h2').innerText()).toBe(hostile);
      await page.keyboard.press('Escape');
      await sendAndSettle(page, 'What is the picture?');
      expect(await messages(page, 'assistant').last().innerText()).toContain(`${hostile}: SVG image`);
      // Nothing of the file ran, and no element came from it: the transcript holds the demo's own icons only.
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
      expect(await page.locator('.transcript svg:not(.icon), .transcript foreignObject, .transcript script').count()).toBe(0);
      expect(watch.dialogs).toEqual([]);
    });
  });
});
