// The sidebar: the search field, conversations (most recently active first, in date groups, a
// window of pages that moves as the list scrolls; search results in their place while a query is
// typed), a title filter, a menu per chat, New chat, Import and Settings.
import type { Conversation } from '../../src/index.js';
import { h, icon } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';
import { groupByDate } from './date-groups.js';
import { ChatMenu } from './chat-menu.js';
import { ChatRow, type ChatRowHandlers } from './chat-row.js';

/** How close to either end of the list (in pixels) the next page is asked for. */
const NEAR_END_PX = 400;
/** How long typing in the title filter must pause before the list is filtered. */
const FILTER_DEBOUNCE_MS = 120;

/** What the list holds beyond the chats it shows. */
export interface ListWindow {
  /** Chats before the first one shown were dropped (scrolling up reads them again). */
  hasBefore: boolean;
  /** There may be chats after the last one shown. */
  hasAfter: boolean;
  /** The title filter in force ('' for none). */
  filter: string;
}

/** The search field and its results panel, placed at the top of the sidebar. */
export interface SidebarSearch {
  readonly field: HTMLElement;
  readonly panel: HTMLElement;
  /** The search index's progress line, placed at the top of the sidebar's foot. */
  readonly progress: { readonly element: HTMLElement };
}

/** What the sidebar asks the app to do. */
export interface SidebarHandlers {
  onNewChat(): void;
  onOpen(conversationId: string): void;
  /** Double-click on a conversation: open it and start renaming. */
  onRename(conversationId: string): void;
  onImport(file: File): void;
  onSettings(): void;
  /** The per-chat menu's Export and Delete (Rename is `onRename`). */
  onExport(conversationId: string, format: 'json' | 'zip'): void;
  onDelete(conversationId: string): void;
  /** The list was scrolled near its end (`'after'`) or its start with pages dropped above (`'before'`). */
  onNearEdge(edge: 'before' | 'after'): void;
  /** The title filter changed (debounced); '' clears it. */
  onFilter(query: string): void;
  /** The title filter got focus: a filter is likely to come. */
  onFilterFocus(): void;
}

/** The list of conversations and the app-level actions. */
export class Sidebar {
  readonly element: HTMLElement;
  private readonly list = h('ul', { className: 'conversation-list', attrs: { 'aria-label': 'Conversations' } });
  private readonly storageLine = h('span', { className: 'storage-line', testId: 'storage-line' });
  private readonly recent: HTMLElement;
  private readonly scroller: HTMLElement;
  private readonly filterInput: HTMLInputElement;
  private readonly menu: ChatMenu;
  private conversations: readonly Conversation[] = [];
  private openId: string | undefined;
  private window: ListWindow = { hasBefore: false, hasAfter: false, filter: '' };
  private filterTimer: ReturnType<typeof setTimeout> | undefined;
  /** Each listed chat's row, kept across draws (chat-row.ts says why). */
  private rows = new Map<string, ChatRow>();
  private readonly rowHandlers: ChatRowHandlers;

  constructor(private readonly handlers: SidebarHandlers, search: SidebarSearch) {
    this.menu = new ChatMenu({ onRename: handlers.onRename, onExport: handlers.onExport, onDelete: handlers.onDelete });
    this.rowHandlers = { onOpen: handlers.onOpen, onRename: handlers.onRename, menuButton: (id, title) => this.menu.button(id, title) };
    this.filterInput = h('input', {
      className: 'title-filter', testId: 'title-filter',
      attrs: { type: 'search', placeholder: 'Filter by title', autocomplete: 'off', spellcheck: 'false', 'aria-label': 'Filter chats by title' },
      on: { input: () => this.filterChanged(), focus: () => handlers.onFilterFocus() },
    });
    const importInput = h('input', {
      className: 'visually-hidden',
      testId: 'import',
      attrs: { type: 'file', accept: '.json,.jsonl,.zip,application/json,application/zip', 'aria-label': 'Import chats: a convolog export (JSON or ZIP), a ChatGPT or Claude data export (its ZIP or conversations.json), or an Open WebUI export' },
      on: {
        change: () => {
          const file = importInput.files?.[0];
          importInput.value = '';
          if (file !== undefined) handlers.onImport(file);
        },
      },
    });
    this.element = h('aside', { className: 'sidebar', attrs: { 'aria-label': 'Chats' } },
      h('div', { className: 'sidebar-head' },
        h('div', { className: 'brand' },
          h('span', { className: 'brand-mark' }, icon(ICONS.chat)),
          h('span', { className: 'brand-name', text: 'convolog' }),
          h('span', { className: 'brand-badge', text: 'demo' })),
        h('button', { className: 'btn btn-primary btn-block', testId: 'new-chat', attrs: { type: 'button' }, on: { click: () => handlers.onNewChat() } },
          icon(ICONS.plus), 'New chat'),
        search.field),
      this.scroller = h('div', { className: 'sidebar-scroll', on: { scroll: () => this.checkEdges() } },
        search.panel,
        this.recent = h('nav', { className: 'sidebar-recent', attrs: { 'aria-label': 'Recent chats' } },
          this.filterInput,
          this.list,
          this.menu.element)),
      // The index's progress line heads the foot: appearing there it moves nothing above it (the
      // list stays under the pointer) and nothing below it (the foot grows upwards).
      h('div', { className: 'sidebar-foot' },
        search.progress.element,
        h('label', { className: 'btn btn-ghost btn-block', title: 'Import a convolog export (JSON or ZIP), a ChatGPT or Claude data export (its ZIP or conversations.json), or an Open WebUI export' },
          icon(ICONS.upload), 'Import chat', importInput),
        h('button', { className: 'btn btn-ghost btn-block', testId: 'settings', attrs: { type: 'button' }, on: { click: () => handlers.onSettings() } },
          icon(ICONS.settings), 'Settings & storage'),
        h('p', { className: 'sidebar-note' }, icon(ICONS.database), this.storageLine)));
    // Relative times ("5 min ago") age: refresh them now and then.
    setInterval(() => this.render(), 60_000);
  }

  /** Shows `conversations` with `openId` marked current; `window` says what lies beyond them. */
  update(conversations: readonly Conversation[], openId: string | undefined, window?: ListWindow): void {
    this.conversations = conversations;
    this.openId = openId;
    if (window !== undefined) this.window = window;
    this.render();
    // A page that does not fill the view cannot be scrolled to its end: ask for the next one now.
    requestAnimationFrame(() => this.checkEdges());
  }

  /** Shows the search results instead of the chat list (`true`), or the list again. */
  setSearching(searching: boolean): void {
    this.recent.hidden = searching;
  }

  /** The storage line at the bottom ("1.2 MB used · kept until you delete it"). */
  setStorageLine(text: string, warning = false): void {
    this.storageLine.textContent = text;
    this.storageLine.classList.toggle('is-warning', warning);
  }

  private filterChanged(): void {
    clearTimeout(this.filterTimer);
    this.filterTimer = setTimeout(() => this.handlers.onFilter(this.filterInput.value), FILTER_DEBOUNCE_MS);
  }

  private checkEdges(): void {
    if (this.recent.hidden) return;
    const { scrollTop, scrollHeight, clientHeight } = this.scroller;
    if (this.window.hasAfter && scrollHeight - scrollTop - clientHeight < NEAR_END_PX) this.handlers.onNearEdge('after');
    else if (this.window.hasBefore && scrollTop - this.list.offsetTop < NEAR_END_PX) this.handlers.onNearEdge('before');
  }

  /** The first chat in view and how far below the scroller's top it sits, to keep it in place across a render. */
  private anchor(): { id: string; offset: number } | undefined {
    const top = this.scroller.getBoundingClientRect().top;
    for (const item of this.list.querySelectorAll<HTMLElement>('.conversation-item')) {
      const box = item.getBoundingClientRect();
      if (box.bottom > top) return { id: item.dataset.conversationId ?? '', offset: box.top - top };
    }
    return undefined;
  }

  private restore(anchor: { id: string; offset: number } | undefined): void {
    if (anchor === undefined) return;
    const item = [...this.list.querySelectorAll<HTMLElement>('.conversation-item')].find((candidate) => candidate.dataset.conversationId === anchor.id);
    if (item === undefined) return;
    this.scroller.scrollTop += item.getBoundingClientRect().top - this.scroller.getBoundingClientRect().top - anchor.offset;
  }

  private render(): void {
    this.menu.keepOpenAcross(this.list, () => this.draw());
  }

  private draw(): void {
    const now = new Date();
    if (this.conversations.length === 0) {
      const empty = this.window.filter.trim() === '' ? 'No chats yet. Start one, or import an export.' : 'No chat title matches the filter.';
      this.rows.clear();
      this.list.replaceChildren(h('li', { className: 'sidebar-empty', text: empty }));
      return;
    }
    const anchor = this.anchor();
    const rows = new Map<string, ChatRow>();
    const nodes = groupByDate(this.conversations, now).flatMap(({ label, conversations }) => [
      h('li', { className: 'date-group' }, h('h3', { className: 'sidebar-label', testId: 'date-group', text: label })),
      ...conversations.map((conversation) => {
        const row = this.rows.get(conversation.id) ?? new ChatRow(conversation.id, this.rowHandlers);
        row.update(conversation, conversation.id === this.openId, now);
        rows.set(conversation.id, row);
        return row.element;
      }),
    ]);
    this.rows = rows;
    if (this.window.hasAfter) nodes.push(h('li', { className: 'sidebar-empty list-more', testId: 'list-more', text: 'Loading older chats…' }));
    placeAround(this.list, nodes);
    this.restore(anchor);
  }
}

/**
 * Makes `nodes` the children of `list` without taking out the one holding the focus: the others
 * are placed before and after it. A node taken out of the document loses the focus (and moving
 * it takes it out), so a keyboard user's place in the list would go with every refresh.
 */
function placeAround(list: HTMLElement, nodes: readonly HTMLElement[]): void {
  const kept = nodes.find((node) => node.contains(document.activeElement));
  if (kept === undefined || kept.parentNode !== list) {
    list.replaceChildren(...nodes);
    return;
  }
  for (const child of [...list.children]) if (child !== kept) child.remove();
  const at = nodes.indexOf(kept);
  kept.before(...nodes.slice(0, at));
  kept.after(...nodes.slice(at + 1));
}
