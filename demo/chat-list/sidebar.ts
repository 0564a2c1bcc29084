// The sidebar: the search field, conversations (most recently active first; search results in
// their place while a query is typed), New chat, Import and Settings.
import type { Conversation } from '../../src/index.js';
import { h, icon } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';
import { formatFullDate, formatRelativeTime } from '../shared/format.js';

/** The search field and its results panel, placed at the top of the sidebar. */
export interface SidebarSearch {
  readonly field: HTMLElement;
  readonly panel: HTMLElement;
  /** The search index's progress line, under the field. */
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
}

/** The list of conversations and the app-level actions. */
export class Sidebar {
  readonly element: HTMLElement;
  private readonly list = h('ul', { className: 'conversation-list', attrs: { 'aria-label': 'Conversations' } });
  private readonly storageLine = h('span', { className: 'storage-line' });
  private readonly recent: HTMLElement;
  private conversations: readonly Conversation[] = [];
  private openId: string | undefined;

  constructor(private readonly handlers: SidebarHandlers, search: SidebarSearch) {
    const importInput = h('input', {
      className: 'visually-hidden',
      testId: 'import',
      attrs: { type: 'file', accept: '.json,.jsonl,application/json', 'aria-label': 'Import chats: a convolog export, or conversations.json from ChatGPT, Claude or Open WebUI' },
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
        search.field,
        search.progress.element),
      h('div', { className: 'sidebar-scroll' },
        search.panel,
        this.recent = h('nav', { className: 'sidebar-recent', attrs: { 'aria-label': 'Recent chats' } },
          h('p', { className: 'sidebar-label', text: 'Recent' }),
          this.list)),
      h('div', { className: 'sidebar-foot' },
        h('label', { className: 'btn btn-ghost btn-block', title: 'Import a convolog export, or conversations.json from ChatGPT, Claude or Open WebUI' },
          icon(ICONS.upload), 'Import chat', importInput),
        h('button', { className: 'btn btn-ghost btn-block', testId: 'settings', attrs: { type: 'button' }, on: { click: () => handlers.onSettings() } },
          icon(ICONS.settings), 'Settings & storage'),
        h('p', { className: 'sidebar-note' }, icon(ICONS.database), this.storageLine)));
    // Relative times ("5 min ago") age: refresh them now and then.
    setInterval(() => this.render(), 60_000);
  }

  /** Shows `conversations` with `openId` marked current. */
  update(conversations: readonly Conversation[], openId: string | undefined): void {
    this.conversations = conversations;
    this.openId = openId;
    this.render();
  }

  /** Shows the search results instead of the chat list (`true`), or the list again. */
  setSearching(searching: boolean): void {
    this.recent.hidden = searching;
  }

  /** The storage line at the bottom ("1.2 MB used · kept until you delete it"). */
  setStorageLine(text: string): void {
    this.storageLine.textContent = text;
  }

  private render(): void {
    const now = new Date();
    if (this.conversations.length === 0) {
      this.list.replaceChildren(h('li', { className: 'sidebar-empty', text: 'No chats yet. Start one, or import an export.' }));
      return;
    }
    this.list.replaceChildren(...this.conversations.map((conversation) => {
      const current = conversation.id === this.openId;
      return h('li', {},
        h('button', {
          className: `conversation-item${current ? ' is-current' : ''}`,
          testId: 'conversation-item',
          data: { conversationId: conversation.id },
          attrs: { type: 'button', 'aria-current': current ? 'true' : undefined },
          on: {
            click: () => this.handlers.onOpen(conversation.id),
            dblclick: () => this.handlers.onRename(conversation.id),
          },
        },
        h('span', { className: 'conversation-title', text: conversation.title.trim() || 'Untitled chat' }),
        h('time', {
          className: 'conversation-time',
          text: formatRelativeTime(conversation.updatedAt, now),
          title: `Last activity ${formatFullDate(conversation.updatedAt)}`,
          attrs: { datetime: conversation.updatedAt },
        })));
    }));
  }
}
