// What takes the space (DESIGN §20): the store's parts as one stacked bar and a list, each with its
// size and its share of what the site uses. Messages and the search index are the library's
// estimates ("about"); attachments and the journal are exact; what the browser counts beyond the
// parts (its own overhead, other data of the site) is shown as such, never folded into a part.
import type { StorageEstimate } from '../../src/index.js';
import { h, replaceChildren } from '../shared/dom.js';
import { formatBytes } from '../shared/format.js';

interface PartRow {
  key: string;
  label: string;
  bytes: number;
  /** An estimate: shown with "about". */
  about: boolean;
  hint: string;
}

/** The rows to show, largest meaning first; parts of 0 bytes are kept so the user sees what exists. */
export function storagePartRows(estimate: StorageEstimate): PartRow[] {
  const { parts, usage } = estimate;
  const rows: PartRow[] = [
    { key: 'messages', label: 'Messages & chats', bytes: parts.conversations + parts.entries, about: true, hint: 'Estimated from a sample of the stored records.' },
    { key: 'search', label: 'Search index', bytes: parts.searchIndex, about: true, hint: 'Estimated from a sample; built in the background after messages are saved.' },
    { key: 'attachments', label: 'Images & files', bytes: parts.attachments, about: false, hint: 'Exact; each file stored once however many messages send it.' },
    { key: 'journal', label: 'Journal copy', bytes: parts.journal, about: false, hint: 'Exact; a copy outside the database that brings the chats back if the browser loses it.' },
  ];
  const counted = rows.reduce((total, row) => total + row.bytes, 0);
  if (usage !== undefined && usage > counted) {
    rows.push({ key: 'other', label: 'Browser overhead & other', bytes: usage - counted, about: true, hint: 'What the browser reports beyond the parts above: its own bookkeeping, compression slack, and other data of this site.' });
  }
  return rows;
}

/** The parts list of the Storage panel. */
export class StoragePartsView {
  readonly element: HTMLElement;
  private readonly bar = h('div', { className: 'storage-parts-bar', attrs: { 'aria-hidden': 'true' } });
  private readonly list = h('ul', { className: 'storage-parts-list', testId: 'storage-parts' });
  private readonly title = h('p', { className: 'storage-parts-title' });

  constructor() {
    this.element = h('div', { className: 'storage-parts' }, this.title, this.bar, this.list);
  }

  show(estimate: StorageEstimate): void {
    const rows = storagePartRows(estimate);
    const whole = Math.max(estimate.usage ?? 0, rows.reduce((total, row) => total + row.bytes, 0));
    const share = (bytes: number): number => (whole > 0 ? bytes / whole : 0);
    // The shares are of what is used (the meter above is against the quota): said, not implied.
    this.title.textContent = whole > 0 ? `What takes the ${formatBytes(whole)} used` : 'What takes the space';
    replaceChildren(this.bar, ...rows.filter((row) => row.bytes > 0).map((row) => {
      const segment = h('span', { className: `storage-part-fill is-${row.key}` });
      segment.style.width = `${share(row.bytes) * 100}%`;
      return segment;
    }));
    replaceChildren(this.list, ...rows.map((row) => h('li', { className: 'storage-part', data: { part: row.key }, title: row.hint },
      h('span', { className: `storage-part-swatch is-${row.key}`, attrs: { 'aria-hidden': 'true' } }),
      h('span', { className: 'storage-part-label', text: row.label }),
      h('span', { className: 'storage-part-size', testId: `storage-part-${row.key}`, text: sizeText(row) }),
      h('span', { className: 'storage-part-share', text: row.bytes === 0 ? '' : percent(share(row.bytes)) }))));
  }
}

function sizeText(row: PartRow): string {
  if (row.bytes === 0) return row.key === 'journal' ? 'off' : 'none';
  return `${row.about ? 'about ' : ''}${formatBytes(row.bytes)}`;
}

function percent(ratio: number): string {
  return ratio < 0.01 ? '< 1 %' : `${Math.round(ratio * 100)} %`;
}
