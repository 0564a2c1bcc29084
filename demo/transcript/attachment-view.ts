// A stored attachment in a message (DESIGN §18): an image as a thumbnail that opens full size, a
// PDF or other file as a chip that downloads it. The bytes are read when the message enters the
// DOM and their object URL revoked when it leaves (views are kept and moved, so a move within
// the same task keeps the URL). Bytes this device does not have are said to be missing, in place.
import { isConvologError, type AttachmentSource } from '../../src/index.js';
import { h, icon } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';
import { fileChip } from '../shared/file-chip.js';
import { formatBytes, mediaKindLabel } from '../shared/format.js';
import type { ImageFacts } from './image-viewer.js';

/** How attachment views reach the bytes and the full-size view. */
export interface MediaAccess {
  read(id: string): Promise<Blob>;
  showFullSize(blob: Blob, facts: ImageFacts, opener: HTMLElement): void;
}

const TAG = 'convolog-attachment';

/** The view of one attachment: an image thumbnail or a file chip. */
export function attachmentView(kind: 'image' | 'file', source: AttachmentSource, media: MediaAccess, filename?: string): HTMLElement {
  const facts: ImageFacts = { name: source.filename ?? filename ?? `Untitled ${kind}`, mediaType: source.mediaType, size: source.size };
  if (kind === 'file' || !source.mediaType.startsWith('image/')) return fileView(source.id, facts, media);
  defineOnce();
  const element = document.createElement(TAG) as AttachmentThumbnail;
  element.setup(source.id, facts, media);
  return element;
}

/**
 * An inline base64 image (0.2's way, still what an import keeps): the same thumbnail, its bytes
 * decoded from the message instead of read from the store. Never a `data:` URL in the page: one
 * object URL per view, released as an attachment's is.
 */
export function inlineImageView(source: { mediaType: string; data: string }, media: MediaAccess): HTMLElement {
  const facts: ImageFacts = { name: `Inline ${mediaKindLabel(source.mediaType)}`, mediaType: source.mediaType, size: Math.floor((source.data.length * 3) / 4) };
  const inline: MediaAccess = { read: async () => decodeBase64(source), showFullSize: (blob, shown, opener) => media.showFullSize(blob, shown, opener) };
  defineOnce();
  const element = document.createElement(TAG) as AttachmentThumbnail;
  element.setup('inline', facts, inline);
  return element;
}

function decodeBase64(source: { mediaType: string; data: string }): Blob {
  const binary = atob(source.data);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type: source.mediaType });
}

function defineOnce(): void {
  if (customElements.get(TAG) === undefined) customElements.define(TAG, AttachmentThumbnail);
}

/** The placeholder of an attachment whose bytes cannot be read here. */
function unavailable(facts: ImageFacts, error: unknown): HTMLElement {
  const why = isConvologError(error, 'not_found') ? 'not available on this device'
    : isConvologError(error, 'sync_failed') ? 'on the sync server: it shows when the server can be reached' : 'could not be read';
  return h('span', { className: 'attachment-missing', testId: 'attachment-missing', attrs: { role: 'note' } },
    icon(ICONS.alert),
    h('span', { className: 'attachment-missing-text' },
      h('span', { className: 'attachment-missing-name', text: `${facts.name} is ${why}` }),
      h('span', { className: 'attachment-missing-size', text: `${mediaKindLabel(facts.mediaType)} · ${formatBytes(facts.size)}` })));
}

/** An image thumbnail that holds its object URL only while it is in the document. */
class AttachmentThumbnail extends HTMLElement {
  private attachmentId = '';
  private facts: ImageFacts = { name: '', mediaType: '', size: 0 };
  private media: MediaAccess | undefined;
  private url: string | undefined;
  private loading = false;
  private releaseTimer: ReturnType<typeof setTimeout> | undefined;

  setup(id: string, facts: ImageFacts, media: MediaAccess): void {
    this.attachmentId = id;
    this.facts = facts;
    this.media = media;
    this.className = 'attachment-image';
    this.dataset.testid = 'attachment-image';
    this.dataset.attachmentId = id;
    this.replaceChildren(h('span', { className: 'attachment-loading', attrs: { 'aria-label': `Loading ${facts.name}`, role: 'img' } }));
  }

  connectedCallback(): void {
    clearTimeout(this.releaseTimer);
    if (this.url === undefined && !this.loading) void this.load();
  }

  disconnectedCallback(): void {
    // A view moved within the transcript is disconnected and connected in the same task.
    this.releaseTimer = setTimeout(() => {
      if (!this.isConnected) this.release();
    }, 0);
  }

  private async load(): Promise<void> {
    if (this.media === undefined) return;
    this.loading = true;
    try {
      const blob = await this.media.read(this.attachmentId);
      if (!this.isConnected) return;
      this.url = URL.createObjectURL(blob);
      this.replaceChildren(h('button', {
        className: 'attachment-thumb', testId: 'attachment-thumb', title: `${this.facts.name}: open full size`,
        attrs: { type: 'button', 'aria-label': `Open ${this.facts.name} full size` },
        on: { click: (event) => this.media?.showFullSize(blob, this.facts, event.currentTarget as HTMLElement) },
      }, h('img', { attrs: { src: this.url, alt: this.facts.name, decoding: 'async', draggable: 'false' } })));
    } catch (error) {
      this.replaceChildren(unavailable(this.facts, error));
    } finally {
      this.loading = false;
    }
  }

  private release(): void {
    if (this.url !== undefined) URL.revokeObjectURL(this.url);
    this.url = undefined;
    this.setup(this.attachmentId, this.facts, this.media!);
  }
}

/** A file chip that downloads the bytes (never opened in a tab: a stored file is not a page of this site). */
function fileView(id: string, facts: ImageFacts, media: MediaAccess): HTMLElement {
  // Named by its visible text ("Download" + name + kind and size), so speech input finds it by what it shows.
  const button = h('button', { className: 'file-chip-button', testId: 'attachment-file', title: `Download ${facts.name}`, attrs: { type: 'button' } },
    h('span', { className: 'visually-hidden', text: 'Download ' }),
    fileChip(facts, icon(ICONS.download, 'icon file-chip-action')));
  button.addEventListener('click', () => {
    void media.read(id).then((blob) => download(blob, facts.name), (error: unknown) => button.replaceWith(unavailable(facts, error)));
  });
  return button;
}

function download(blob: Blob, name: string): void {
  // As bytes, whatever the declared type: a blob URL of an HTML or SVG file would run as this origin.
  const url = URL.createObjectURL(new Blob([blob], { type: 'application/octet-stream' }));
  const link = h('a', { attrs: { href: url, download: name } });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
