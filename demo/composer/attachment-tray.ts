// The files waiting to be sent with the next message, above the message box: a thumbnail for an
// image (an object URL of the picked file, revoked when it is removed or sent), a chip for a PDF,
// each with its own Remove button. Focus never falls to the page when one is removed.
import { h, icon } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';
import { fileChip } from '../shared/file-chip.js';
import type { PendingFile } from './attachment-rules.js';

interface TrayItem { readonly pending: PendingFile; readonly element: HTMLElement; readonly url: string | undefined }

/** The list of pending attachments. */
export class AttachmentTray {
  readonly element = h('ul', { className: 'attachment-tray', testId: 'attachment-tray', attrs: { 'aria-label': 'Attachments' } });
  private items: TrayItem[] = [];

  /** `onRemoved`: the name of the file removed, and whether the tray is left without a Remove button to focus. */
  constructor(private readonly onRemoved: (name: string, focusElsewhere: boolean) => void) {
    this.element.hidden = true;
  }

  /** The files in the order they were added. */
  get files(): PendingFile[] {
    return this.items.map((item) => item.pending);
  }

  add(pending: PendingFile): void {
    const image = pending.mediaType.startsWith('image/');
    const url = image ? URL.createObjectURL(pending.file) : undefined;
    const remove = h('button', {
      className: 'attachment-remove', testId: 'remove-attachment', title: `Remove ${pending.name}`,
      attrs: { type: 'button', 'aria-label': `Remove ${pending.name}` },
      on: { click: () => this.remove(item) },
    }, icon(ICONS.close));
    const preview = url === undefined
      ? fileChip({ name: pending.name, mediaType: pending.mediaType, size: pending.file.size })
      : h('img', { className: 'attachment-preview', attrs: { src: url, alt: pending.name, draggable: 'false' } });
    const element = h('li', { className: `attachment-item${url === undefined ? ' is-file' : ''}`, testId: 'pending-attachment', title: pending.name }, preview, remove);
    const item: TrayItem = { pending, element, url };
    this.items.push(item);
    this.element.append(element);
    this.element.hidden = false;
  }

  /** Empties the tray (the message was sent), releasing every preview. */
  clear(): void {
    for (const item of this.items) release(item);
    this.items = [];
    this.element.replaceChildren();
    this.element.hidden = true;
  }

  private remove(item: TrayItem): void {
    const index = this.items.indexOf(item);
    if (index < 0) return;
    release(item);
    this.items.splice(index, 1);
    item.element.remove();
    this.element.hidden = this.items.length === 0;
    // The next item's Remove button, else the previous one's; none left: the composer takes focus.
    const next = this.items[index] ?? this.items[index - 1];
    next?.element.querySelector<HTMLElement>('.attachment-remove')?.focus();
    this.onRemoved(item.pending.name, next === undefined);
  }
}

function release(item: TrayItem): void {
  if (item.url !== undefined) URL.revokeObjectURL(item.url);
}
