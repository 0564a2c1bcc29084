// The demo's attachments at their edges (DESIGN §18, "Demo"): a reference whose bytes this device
// does not have, the request an endpoint gets (the provider's shape, within a budget), and a
// stored SVG or a hostile file name, which must never become markup or run.
import { describe, expect, it } from 'vitest';
import { useDemoEnvironment } from './support/demo-environment.js';
import { byTestId, messages, screenshot, send, waitForReady } from './support/demo-page.js';
import { PAGE_LIBRARY } from './support/demo-server.js';
import { onDemoPage } from './support/demo-session.js';
import { pasteFile, pdfBytes, pngBytes, sendAndSettle, thumbnailWidths } from './support/attachment-files.js';
import { startFakeOpenAIServer } from './support/fake-openai-server.js';
import { useEndpoint } from './support/endpoint-settings.js';
import { useStarted } from './support/use-started.js';
import { formatBytes } from '../../demo/shared/format.js';
import { dropAttachmentBytes, storedAttachmentCount } from './support/stored-chats.js';

const demo = useDemoEnvironment();
const endpoint = useStarted('fake OpenAI endpoint', () => startFakeOpenAIServer());

describe('demo: attachments at the edges', () => {
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

      // The Responses API gets the same bytes as its input_image and input_file.
      await useEndpoint(page, { baseUrl: endpoint.baseUrl, model: 'fake-responses-model', api: 'responses' });
      await sendAndSettle(page, 'And again');
      const input = endpoint.requests.at(-1)!.responses!.input as { role?: string; content?: unknown }[];
      expect(input[0]).toEqual({
        type: 'message', role: 'user',
        content: [
          { type: 'input_text', text: 'Describe' },
          { type: 'input_image', detail: 'auto', image_url: `data:image/png;base64,${png.toString('base64')}` },
          { type: 'input_file', file_data: `data:application/pdf;base64,${pdf.toString('base64')}`, filename: 'doc.pdf' },
        ],
      });
      expect(watch.errors).toEqual([]);
    });
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
      await page.evaluate(`import('${PAGE_LIBRARY}').then((module) => { window.convolog = module; })`);
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

  it('shows an inline base64 picture (a 0.2 chat, an import) as a thumbnail too, and the assistant reads its pixel size', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      const png = await pngBytes(page, 12, 9);
      await page.evaluate(`import('${PAGE_LIBRARY}').then((module) => { window.convolog = module; })`);
      await page.evaluate(async (data) => {
        const { openStore, user } = (window as unknown as { convolog: typeof import('../../src/index.js') }).convolog;
        const store = await openStore();
        const chat = await store.createConversation({ title: 'Inline' });
        await store.append(chat.id, [user([{ type: 'text', text: 'Old style' }, { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data } }])]);
        store.close();
      }, png.toString('base64'));
      await page.reload();
      await waitForReady(page);
      await page.locator('[data-testid="conversation-item"]').first().click();
      await expect.poll(() => thumbnailWidths(page)).toEqual([12]);
      expect(await byTestId(page, 'attachment-thumb').locator('img').getAttribute('src')).toMatch(/^blob:/);
      await sendAndSettle(page, 'How big is the picture?');
      expect(await messages(page, 'assistant').last().innerText()).toContain('an unnamed image: PNG image, 12 × 9 pixels');
      expect(watch.errors).toEqual([]);
    });
  });
});
