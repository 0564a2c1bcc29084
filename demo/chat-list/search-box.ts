// The search field at the top of the sidebar and its results: a combobox over a listbox of hits.
// Results come as the user types (debounced; the query before is aborted, and its answer is
// dropped if it comes anyway); ↑/↓ move the selection, Enter or a click opens the hit, Esc
// clears; more hits page in by the store's cursor.
import { isConvologError, type SearchHit, type SearchResult } from '../../src/index.js';
import { h, icon } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';
import { LatestOnly } from '../shared/latest-only.js';
import { IndexProgress } from './index-progress.js';
import { searchResultView } from './search-result-view.js';

/** How long typing must pause before the query runs. */
const DEBOUNCE_MS = 120;
/** Hits per page. */
const PAGE_SIZE = 20;
/** A refresh after a change re-reads at most this many hits (what was paged in, within reason). */
const REFRESH_LIMIT = 100;

/** What the search box asks of the app. */
export interface SearchBoxHandlers {
  /** Runs the query (the store's `search`). */
  search(query: string, options: { limit: number; cursor?: string; signal: AbortSignal }): Promise<SearchResult>;
  /** The titles of these chats, by id. */
  titles(conversationIds: readonly string[]): Promise<Map<string, string>>;
  /** Which version each hit below a fork is on ("version 2 of 3"), by entry id. */
  versions(hits: readonly SearchHit[]): Promise<Map<string, string>>;
  /** Opens the chat of `hit` at its message. */
  onOpen(hit: SearchHit): void;
  /** The query became non-blank (results replace the chat list) or blank again. */
  onActiveChange(active: boolean): void;
  /** How many committed messages the search index has not packed yet (the store's `searchIndexStatus`). */
  indexStatus(): Promise<{ pending: number }>;
}

/** The field (`field`) and what it found (`panel`), placed by the sidebar. */
export class SearchBox {
  readonly field: HTMLElement;
  readonly panel: HTMLElement;
  /** The index's progress line, shown while a big import is indexed (the sidebar places it). */
  readonly progress: IndexProgress;
  private readonly input: HTMLInputElement;
  private readonly list = h('ul', { className: 'search-results', attrs: { id: 'search-results', role: 'listbox', 'aria-label': 'Messages found' } });
  private readonly status = h('p', { className: 'search-status', attrs: { role: 'status' } });
  private readonly more: HTMLButtonElement;
  private readonly latest = new LatestOnly();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The query whose results are shown (or are being read). */
  private query = '';
  private hits: SearchHit[] = [];
  private titles = new Map<string, string>();
  private versions = new Map<string, string>();
  private cursor: string | undefined;
  private selected = -1;
  /** What the list shows (ids, snippets, titles), so a refresh that found the same leaves it alone. */
  private shownKey = '';
  /** Enter came before the results: open the first one when they arrive. */
  private openWhenReady = false;

  constructor(private readonly handlers: SearchBoxHandlers) {
    this.progress = new IndexProgress(() => handlers.indexStatus());
    this.input = h('input', {
      className: 'search-input',
      testId: 'search-input',
      attrs: {
        type: 'search', role: 'combobox', placeholder: 'Search chats', autocomplete: 'off', spellcheck: 'false',
        'aria-label': 'Search every chat', 'aria-autocomplete': 'list', 'aria-expanded': 'false', 'aria-controls': 'search-results',
      },
      on: {
        // While an IME composes (pinyin, kana) the field holds Latin keys, not the words meant: wait for the commit.
        input: (event) => (event as InputEvent).isComposing ? undefined : this.onInput(),
        compositionend: () => this.onInput(),
        keydown: (event) => this.onKeyDown(event),
      },
    });
    this.field = h('div', { className: 'search-field', attrs: { role: 'search' } },
      icon(ICONS.search, 'icon search-icon'),
      this.input,
      h('kbd', { className: 'search-shortcut', text: shortcutLabel(), attrs: { 'aria-hidden': 'true' } }));
    this.more = h('button', {
      className: 'btn btn-small btn-ghost search-more', testId: 'search-more', text: 'Load more results',
      attrs: { type: 'button' }, on: { click: () => void this.loadMore() },
    });
    this.panel = h('section', { className: 'search-panel', attrs: { 'aria-label': 'Search results' } }, this.status, this.list, this.more);
    this.panel.hidden = true;
    this.more.hidden = true;
  }

  /** Focuses the field and selects its text (Ctrl/Cmd+K). */
  focus(): void {
    this.input.focus();
    this.input.select();
  }

  /** Re-runs the current query soon (the store changed), keeping as many hits as were shown. */
  refresh(): void {
    if (this.query === '') return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.runFirstPage(Math.min(REFRESH_LIMIT, Math.max(PAGE_SIZE, this.hits.length))), 300);
  }

  /** Empties the field and shows the chat list again. */
  clear(): void {
    this.input.value = '';
    this.onInput();
  }

  private onInput(): void {
    const query = this.input.value;
    clearTimeout(this.timer);
    if (query.trim() === '') {
      this.latest.cancel();
      this.query = '';
      this.openWhenReady = false;
      this.show([], undefined);
      this.setActive(false);
      return;
    }
    this.setActive(true);
    this.timer = setTimeout(() => void this.runFirstPage(PAGE_SIZE), DEBOUNCE_MS);
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (event.isComposing) return; // an IME is composing (Chinese, Japanese): its keys are its own
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (this.hits.length === 0) return;
        event.preventDefault();
        this.select(Math.max(0, Math.min(this.hits.length - 1, this.selected + (event.key === 'ArrowDown' ? 1 : -1))));
        return;
      case 'Enter':
        event.preventDefault();
        this.openSelected();
        return;
      case 'Escape':
        if (this.input.value === '') return;
        event.preventDefault();
        this.clear();
        return;
    }
  }

  private openSelected(): void {
    const settled = this.query === this.input.value;
    const hit = this.hits[Math.max(0, this.selected)];
    if (settled && hit !== undefined) {
      this.handlers.onOpen(hit);
      return;
    }
    if (this.input.value.trim() === '') return;
    // Typed and pressed Enter at once: run the query now and open its first hit.
    this.openWhenReady = true;
    clearTimeout(this.timer);
    void this.runFirstPage(PAGE_SIZE);
  }

  private async runFirstPage(limit: number): Promise<void> {
    this.timer = undefined;
    const query = this.input.value;
    if (query.trim() === '') return;
    if (query !== this.query) this.status.textContent = 'Searching…';
    const page = await this.read(query, { limit });
    if (page === undefined) return;
    this.query = query;
    this.show(page.hits, page.nextCursor, true);
    if (this.openWhenReady) {
      this.openWhenReady = false;
      const first = this.hits[0];
      if (first !== undefined) this.handlers.onOpen(first);
    }
  }

  private async loadMore(): Promise<void> {
    const cursor = this.cursor;
    if (cursor === undefined) return;
    this.more.disabled = true;
    const page = await this.read(this.query, { limit: PAGE_SIZE, cursor });
    this.more.disabled = false;
    if (page === undefined) return;
    this.show([...this.hits, ...page.hits], page.nextCursor);
  }

  /** Reads one page and its chats' titles; `undefined` when superseded or failed (the status says so). */
  private async read(query: string, options: { limit: number; cursor?: string }): Promise<SearchResult | undefined> {
    try {
      return await this.latest.run(async (signal) => {
        const page = await this.handlers.search(query, { ...options, signal });
        const titles = await this.handlers.titles([...new Set(page.hits.map((hit) => hit.conversationId))]);
        for (const [id, title] of titles) this.titles.set(id, title);
        const versions = await this.handlers.versions(page.hits);
        for (const hit of page.hits) {
          const version = versions.get(hit.entryId);
          if (version === undefined) this.versions.delete(hit.entryId);
          else this.versions.set(hit.entryId, version);
        }
        return page;
      });
    } catch (error) {
      if (isConvologError(error, 'aborted')) return undefined;
      this.status.textContent = `Search failed: ${error instanceof Error ? error.message : String(error)}`;
      return undefined;
    }
  }

  /** Shows `hits`; `keepSelection`: the same query read again, so the selected index stays. */
  private show(hits: SearchHit[], cursor: string | undefined, keepSelection = false): void {
    // The marks are part of what is shown: "xsstr" and "xsstrap" find the same snippet, marked differently.
    const key = hits.map((hit) => [hit.entryId, hit.snippet, hit.highlights.join(' '), this.titles.get(hit.conversationId) ?? '', this.versions.get(hit.entryId) ?? ''].join('\u0000')).join('\u0001');
    const unchanged = keepSelection && key === this.shownKey;
    this.shownKey = key;
    this.hits = hits;
    this.cursor = cursor;
    // Which query the list answers (tests wait for it to be the one typed).
    this.panel.dataset.query = this.query;
    this.more.hidden = cursor === undefined;
    this.input.setAttribute('aria-expanded', String(hits.length > 0));
    this.updateStatus();
    if (unchanged) return;
    const now = new Date();
    this.list.replaceChildren(...hits.map((hit, index) => {
      const option = searchResultView(hit, this.titles.get(hit.conversationId) ?? 'Untitled chat', `search-result-${index}`, now, this.versions.get(hit.entryId));
      // mousedown would move focus out of the field; the field keeps it, so ↑/↓ and Esc still work.
      option.addEventListener('mousedown', (event) => event.preventDefault());
      option.addEventListener('click', () => {
        this.select(index);
        this.handlers.onOpen(hit);
      });
      return option;
    }));
    this.select(hits.length === 0 ? -1 : keepSelection ? Math.min(Math.max(this.selected, 0), hits.length - 1) : 0);
  }

  private updateStatus(): void {
    if (this.query === '') {
      this.status.replaceChildren();
      return;
    }
    if (this.hits.length === 0) {
      this.status.replaceChildren(h('span', { className: 'search-empty', testId: 'search-empty' },
        h('strong', { text: 'No messages found.' }),
        h('span', {}, 'Nothing in your chats matches “', this.query.trim(), '”. Every word must match the start of a word in one message.')));
      return;
    }
    const count = `${this.hits.length}${this.cursor === undefined ? '' : '+'}`;
    this.status.textContent = `${count} message${this.hits.length === 1 ? '' : 's'} found`;
  }

  private select(index: number): void {
    this.selected = index;
    const options = [...this.list.children] as HTMLElement[];
    options.forEach((option, position) => {
      option.setAttribute('aria-selected', String(position === index));
      option.classList.toggle('is-selected', position === index);
    });
    const current = options[index];
    if (current === undefined) {
      this.input.removeAttribute('aria-activedescendant');
      return;
    }
    this.input.setAttribute('aria-activedescendant', current.id);
    current.scrollIntoView({ block: 'nearest' });
  }

  private setActive(active: boolean): void {
    if (this.panel.hidden === !active) return;
    this.panel.hidden = !active;
    this.handlers.onActiveChange(active);
  }
}

function shortcutLabel(): string {
  // Cmd on Apple keyboards, Ctrl elsewhere: the key the shortcut handler accepts either way.
  return /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘K' : 'Ctrl K';
}
