// The transcript's views of what is not a plain message: a compaction marker, a placeholder for
// an unreadable record, and the label over the messages a compaction folded away.
import type { CompactionEntry } from '../../src/index.js';
import { h, icon } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';
import { formatFullDate } from '../shared/format.js';
import type { CorruptItem } from './transcript-item.js';

/** The marker where a compaction took effect; its stats line is filled in by the layout. */
export function compactionMarker(entry: CompactionEntry): HTMLElement {
  return h('section', { className: 'compaction', testId: 'compaction', data: { seq: String(entry.seq), entryId: entry.id } },
    h('div', { className: 'compaction-rule' },
      h('span', { className: 'compaction-badge' }, icon(ICONS.compact), 'Compacted'),
      h('span', { className: 'compaction-stats' }),
      h('time', { className: 'compaction-time', text: formatFullDate(entry.timestamp), attrs: { datetime: entry.timestamp } })),
    h('details', { className: 'compaction-summary', attrs: { open: true } },
      h('summary', { text: 'Summary sent to the model in place of the dimmed messages' }),
      h('p', { className: 'compaction-text', text: entry.summary })));
}

/** Stands in for a record that could not be read, so the gap in the log is visible. */
export function corruptPlaceholder(item: CorruptItem): HTMLElement {
  return h('div', { className: 'corrupt-entry', testId: 'corrupt-entry', data: { seq: String(item.seq) } },
    icon(ICONS.alert),
    h('span', { text: `Message #${item.seq} could not be read. It is still stored, unchanged; this version of the app skips it.` }));
}

/** The one label over the messages a compaction folded away (dimmed below it, down to the marker). */
export function foldedRangeLabel(): HTMLElement {
  return h('div', { className: 'folded-range', testId: 'folded-range' },
    h('span', { className: 'folded-tag', text: 'Not sent to the model' }),
    h('span', { className: 'folded-range-text', text: 'The messages from here down to the summary stay in the log; the summary is sent in their place.' }));
}
