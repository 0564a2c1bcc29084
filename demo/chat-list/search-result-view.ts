// One search hit in the sidebar: the chat's title, when the message was written, who wrote it,
// and the snippet with the matched words marked. The snippet is stored text, so it goes in as
// text nodes; the marks are <mark> elements whose text is set with textContent.
import type { SearchHit } from '../../src/index.js';
import { h } from '../shared/dom.js';
import { formatFullDate, formatRelativeTime } from '../shared/format.js';

const ROLE_LABELS: Record<SearchHit['role'], string> = {
  user: 'You',
  assistant: 'Assistant',
  tool: 'Tool result',
  summary: 'Summary',
};

/** At most this many characters of the snippet show before its first match. */
const LEAD_CHARS = 40;

/**
 * The option element of `hit` in the results list (`id` for aria-activedescendant). `title` is
 * its chat's title; `now` dates it relative to the present; `version` says which version of a
 * forked message the hit is on ("version 2 of 3"), so hits on sibling branches tell apart.
 */
export function searchResultView(hit: SearchHit, title: string, id: string, now: Date, version?: string): HTMLLIElement {
  const snippet = focusedSnippet(hit.snippet, hit.highlights);
  return h('li', {
    className: 'search-result',
    testId: 'search-result',
    data: { conversationId: hit.conversationId, entryId: hit.entryId, role: hit.role },
    attrs: { id, role: 'option', 'aria-selected': 'false' },
  },
  h('span', { className: 'search-result-head' },
    h('span', { className: 'search-result-title', text: title.trim() || 'Untitled chat' }),
    version === undefined ? null : h('span', { className: 'search-result-version', testId: 'search-version', text: version }),
    h('time', {
      className: 'search-result-time',
      text: formatRelativeTime(hit.timestamp, now),
      title: formatFullDate(hit.timestamp),
      attrs: { datetime: hit.timestamp },
    })),
  h('span', { className: 'search-result-body' },
    h('span', { className: `search-result-role role-${hit.role}`, text: ROLE_LABELS[hit.role] ?? hit.role }),
    h('span', { className: 'search-snippet', testId: 'search-snippet' }, ...highlightedSnippet(snippet.text, snippet.highlights))));
}

/**
 * The snippet cut so its first match shows: the list clamps a result to three lines, and the
 * store's 200-character snippet can hold the match past them. At most {@link LEAD_CHARS}
 * characters stay before the first match (from a word start, after "…"), so the match sits in
 * the first line or two with context on both sides; the highlights move with the text.
 */
export function focusedSnippet(snippet: string, highlights: readonly (readonly [number, number])[]): { text: string; highlights: Array<[number, number]> } {
  const first = highlights[0];
  if (first === undefined || first[0] <= LEAD_CHARS) return { text: snippet, highlights: highlights.map(([start, end]) => [start, end]) };
  let cut = first[0] - LEAD_CHARS;
  // Start at the next word (a space within the lead), so no word shows cut in half.
  const space = snippet.indexOf(' ', cut);
  if (space >= 0 && space < first[0]) cut = space + 1;
  const prefix = '…';
  return {
    text: prefix + snippet.slice(cut),
    highlights: highlights.filter(([start]) => start >= cut).map(([start, end]) => [start - cut + prefix.length, end - cut + prefix.length]),
  };
}

/**
 * `snippet` as text nodes with each highlight `[start, end)` in a <mark>. The store gives the
 * highlights sorted, merged where they overlap and inside the snippet (DESIGN §11.1).
 */
export function highlightedSnippet(snippet: string, highlights: readonly (readonly [number, number])[]): Node[] {
  const nodes: Node[] = [];
  let position = 0;
  for (const [start, end] of highlights) {
    if (start > position) nodes.push(document.createTextNode(snippet.slice(position, start)));
    nodes.push(h('mark', { text: snippet.slice(start, end) }));
    position = end;
  }
  if (position < snippet.length) nodes.push(document.createTextNode(snippet.slice(position)));
  return nodes;
}
