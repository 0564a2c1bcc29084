// Files dragged over the chat pane: a drop target covers the pane while files are over it and
// hands what is dropped to the composer. Drags of anything but files (selected text, a link)
// are left to the browser.
import { h, icon } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/** Makes `pane` take dropped files; `onFiles` gets them. Returns the overlay (shown during a drag). */
export function acceptDrops(pane: HTMLElement, onFiles: (files: File[]) => void): HTMLElement {
  const overlay = h('div', { className: 'drop-target', testId: 'drop-target', attrs: { 'aria-hidden': 'true' } },
    h('div', { className: 'drop-target-box' }, icon(ICONS.paperclip), h('span', { text: 'Drop images or PDFs to attach them' })));
  overlay.hidden = true;
  pane.append(overlay);
  // dragenter/dragleave fire for every child crossed: a count tells when the pointer left the pane.
  let depth = 0;
  const hide = (): void => {
    depth = 0;
    overlay.hidden = true;
  };
  pane.addEventListener('dragenter', (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth += 1;
    overlay.hidden = false;
  });
  pane.addEventListener('dragover', (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
  });
  pane.addEventListener('dragleave', (event) => {
    if (!carriesFiles(event)) return;
    depth = Math.max(0, depth - 1);
    if (depth === 0) overlay.hidden = true;
  });
  pane.addEventListener('drop', (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    hide();
    onFiles([...(event.dataTransfer?.files ?? [])]);
  });
  return overlay;
}
