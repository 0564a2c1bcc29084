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

/**
 * The option element of `hit` in the results list (`id` for aria-activedescendant). `title` is
 * its chat's title; `now` dates it relative to the present.
 */
export function searchResultView(hit: SearchHit, title: string, id: string, now: Date): HTMLLIElement {
  return h('li', {
    className: 'search-result',
    testId: 'search-result',
    data: { conversationId: hit.conversationId, entryId: hit.entryId, role: hit.role },
    attrs: { id, role: 'option', 'aria-selected': 'false' },
  },
  h('span', { className: 'search-result-head' },
    h('span', { className: 'search-result-title', text: title.trim() || 'Untitled chat' }),
    h('time', {
      className: 'search-result-time',
      text: formatRelativeTime(hit.timestamp, now),
      title: formatFullDate(hit.timestamp),
      attrs: { datetime: hit.timestamp },
    })),
  h('span', { className: 'search-result-body' },
    h('span', { className: `search-result-role role-${hit.role}`, text: ROLE_LABELS[hit.role] ?? hit.role }),
    h('span', { className: 'search-snippet', testId: 'search-snippet' }, ...highlightedSnippet(hit.snippet, hit.highlights))));
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
