// Files for the demo's attachment tests: a real PNG of a chosen pixel size drawn by the page's
// own canvas, a tiny PDF, and the paste a user makes of a copied file (a ClipboardEvent holding
// it, as the browser fires one on Ctrl+V).
import type { Page } from 'playwright-core';
import { messages, send, waitForIdle } from './demo-page.js';

/** A PNG `width` × `height` pixels, drawn in `page` (a gradient with a circle, so it looks like something). */
export function pngBytes(page: Page, width: number, height: number): Promise<Buffer> {
  return canvasImage(page, width, height, 'image/png');
}

/** The same picture encoded by the page's canvas as `mediaType` (PNG, JPEG or WebP in Chromium). */
export async function canvasImage(page: Page, width: number, height: number, mediaType: string): Promise<Buffer> {
  const base64 = await page.evaluate(({ width, height, mediaType }) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, width, height);
    gradient.addColorStop(0, '#5b5bd6');
    gradient.addColorStop(1, '#f0a35e');
    context.fillStyle = gradient;
    context.fillRect(0, 0, width, height);
    context.fillStyle = 'rgb(255 255 255 / 0.8)';
    context.beginPath();
    context.arc(width * 0.35, height * 0.45, Math.min(width, height) * 0.25, 0, Math.PI * 2);
    context.fill();
    const url = canvas.toDataURL(mediaType);
    if (!url.startsWith(`data:${mediaType};`)) throw new Error(`This browser's canvas does not encode ${mediaType}.`);
    return url.split(',')[1]!;
  }, { width, height, mediaType });
  return Buffer.from(base64, 'base64');
}

/** A GIF whose logical screen is `width` × `height` (one black pixel drawn in it): what a canvas cannot encode. */
export function gifBytes(width: number, height: number): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt16LE(width, 0);
  size.writeUInt16LE(height, 2);
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'), size,
    Buffer.from([0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff]), // two-colour table
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0]), // a 1 × 1 image at 0,0
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]), // its LZW data, then the trailer
  ]);
}

/** A one-page PDF (valid enough for any viewer to open). */
export function pdfBytes(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
}

/**
 * Pastes a file named `name` into the composer, as Ctrl+V of a copied file or screenshot does;
 * with `text`, the clipboard also holds that plain text (as a copy from a spreadsheet does).
 */
export async function pasteFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, text?: string): Promise<void> {
  await page.locator('[data-testid="composer"]').focus();
  await page.evaluate(({ name, mimeType, base64, text }) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], name, { type: mimeType }));
    if (text !== undefined) transfer.setData('text/plain', text);
    const event = new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true });
    document.activeElement!.dispatchEvent(event);
  }, { name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64'), text });
}

/** Starts dragging a file over `selector` (the drop target shows); `drop` also drops it. */
export async function dragFileOver(page: Page, selector: string, file: { name: string; mimeType: string; buffer: Buffer }, drop: boolean): Promise<void> {
  await page.evaluate(({ selector, name, mimeType, base64, drop }) => {
    const target = document.querySelector(selector)!;
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], name, { type: mimeType }));
    target.dispatchEvent(new DragEvent('dragenter', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    target.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    if (drop) target.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, { selector, name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64'), drop });
}

/** Sends what the composer holds with `text` (may be empty) and waits until the answer is written. */
export async function sendAndSettle(page: Page, text: string): Promise<void> {
  const before = await messages(page, 'assistant').count();
  await send(page, text);
  await page.waitForFunction((count) => document.querySelectorAll('[data-testid="message"][data-role="assistant"]').length > count,
    before, { timeout: 30_000 });
  await waitForIdle(page);
}

/** The pixel widths of the transcript's thumbnails (0 for one not loaded yet). */
export function thumbnailWidths(page: Page): Promise<number[]> {
  return page.locator('[data-testid="message"] [data-testid="attachment-thumb"] img')
    .evaluateAll((images) => images.map((image) => ((image as HTMLImageElement).complete ? (image as HTMLImageElement).naturalWidth : 0)));
}
