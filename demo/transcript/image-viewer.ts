// The full-size view of an image in a message: a native modal <dialog> (focus moves in and stays
// in; Escape, the Close button or a click beside the picture closes it), with its own object URL,
// revoked when it closes, and focus back on the thumbnail that opened it. The picture is only
// ever an <img>, also an SVG one: an image element runs no script and loads nothing else.
import { h, icon } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';
import { formatBytes, mediaKindLabel } from '../shared/format.js';

/** What the caption says about the picture. */
export interface ImageFacts { readonly name: string; readonly mediaType: string; readonly size: number }

/** The one full-size image dialog of the transcript. */
export class ImageViewer {
  readonly element: HTMLDialogElement;
  private readonly image: HTMLImageElement;
  private readonly caption: HTMLElement;
  private readonly title: HTMLElement;
  private url: string | undefined;
  private facts: ImageFacts | undefined;
  private returnFocus: HTMLElement | undefined;

  constructor() {
    this.image = h('img', { className: 'image-viewer-img', testId: 'image-viewer-img' });
    this.title = h('h2', { className: 'image-viewer-title', attrs: { id: 'image-viewer-title' } });
    this.caption = h('p', { className: 'image-viewer-caption', testId: 'image-viewer-caption' });
    this.element = h('dialog', { className: 'dialog image-viewer', testId: 'image-viewer', attrs: { 'aria-labelledby': 'image-viewer-title' } },
      h('div', { className: 'image-viewer-head' },
        h('div', { className: 'image-viewer-text' }, this.title, this.caption),
        h('button', { className: 'icon-button', testId: 'image-viewer-close', attrs: { type: 'button', 'aria-label': 'Close' }, on: { click: () => this.element.close() } }, icon(ICONS.close))),
      h('div', { className: 'image-viewer-frame' }, this.image));
    this.element.addEventListener('click', (event) => {
      if (event.target === this.element || event.target === this.image.parentElement) this.element.close();
    });
    this.element.addEventListener('close', () => this.release());
    this.image.addEventListener('load', () => {
      // The picture's own size for the CSS that fits it to the screen (width and height both bound it).
      this.image.style.setProperty('--natural-width', String(this.image.naturalWidth));
      this.image.style.setProperty('--natural-height', String(this.image.naturalHeight));
      this.describe();
    });
  }

  /** Shows `blob` full size; focus goes back to `opener` when the dialog closes. */
  open(blob: Blob, facts: ImageFacts, opener: HTMLElement): void {
    if (!this.element.isConnected) document.body.append(this.element);
    this.release();
    this.returnFocus = opener;
    this.url = URL.createObjectURL(blob);
    this.facts = facts;
    this.title.textContent = facts.name;
    this.describe();
    this.image.alt = facts.name;
    this.image.src = this.url;
    if (!this.element.open) this.element.showModal();
  }

  private describe(): void {
    const facts = this.facts;
    if (facts === undefined) return;
    const pixels = this.image.complete && this.image.naturalWidth > 0 ? `${this.image.naturalWidth} × ${this.image.naturalHeight} pixels · ` : '';
    this.caption.textContent = `${mediaKindLabel(facts.mediaType)} · ${pixels}${formatBytes(facts.size)}`;
  }

  private release(): void {
    if (this.url !== undefined) URL.revokeObjectURL(this.url);
    this.url = undefined;
    this.image.removeAttribute('src');
    this.image.style.removeProperty('--natural-width');
    this.image.style.removeProperty('--natural-height');
    const opener = this.returnFocus;
    this.returnFocus = undefined;
    if (opener?.isConnected) opener.focus();
  }
}
