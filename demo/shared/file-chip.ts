// A file shown by name, kind and size (a PDF in the composer or in a message): the same chip in
// both places, so what was attached is recognisable once sent.
import { h, icon, type Child } from './dom.js';
import { ICONS } from './icons.js';
import { formatBytes, mediaKindLabel } from './format.js';

/** What a chip names. */
export interface FileFacts { readonly name: string; readonly mediaType: string; readonly size: number }

/** The chip: an icon, the name, and "PDF · 1.2 MB"; `extra` goes after the text. */
export function fileChip(facts: FileFacts, ...extra: Child[]): HTMLElement {
  return h('span', { className: 'file-chip', testId: 'file-chip', title: facts.name },
    icon(ICONS.file),
    h('span', { className: 'file-chip-text' },
      h('span', { className: 'file-chip-name', text: facts.name }),
      h('span', { className: 'file-chip-size', text: `${mediaKindLabel(facts.mediaType)} · ${formatBytes(facts.size)}` })),
    ...extra);
}
