// The menu of one chat in the sidebar ("⋯" beside it): Rename, Export (JSON, or a ZIP with the
// chat's pictures and files), Delete. One menu element
// serves every chat; it opens under the button that asked for it and closes on Escape, a click
// elsewhere, or a choice.
import { h, icon } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';

/** What a choice asks the app to do, for the chat the menu was opened on. */
export interface ChatMenuHandlers {
  onRename(conversationId: string): void;
  onExport(conversationId: string, format: 'json' | 'zip'): void;
  onDelete(conversationId: string): void;
}

const DOTS = ['M5 12h.01', 'M12 12h.01', 'M19 12h.01'];

/** The shared menu and the buttons that open it. */
export class ChatMenu {
  readonly element: HTMLElement;
  private conversationId: string | undefined;
  private opener: HTMLElement | undefined;

  constructor(handlers: ChatMenuHandlers) {
    const choice = (label: string, testId: string, paths: readonly string[], run: (id: string) => void, danger = false): HTMLElement =>
      h('button', {
        className: `chat-menu-item${danger ? ' is-danger' : ''}`, testId, attrs: { type: 'button', role: 'menuitem' },
        on: { click: () => this.choose(run) },
      }, icon(paths), label);
    this.element = h('div', { className: 'chat-menu', testId: 'chat-menu', attrs: { role: 'menu', 'aria-label': 'Chat actions' }, on: { keydown: (event) => this.onKey(event) } },
      choice('Rename', 'chat-menu-rename', ICONS.pencil, handlers.onRename),
      choice('Export JSON', 'chat-menu-export', ICONS.download, (id) => handlers.onExport(id, 'json')),
      choice('Export ZIP with attachments', 'chat-menu-export-zip', ICONS.download, (id) => handlers.onExport(id, 'zip')),
      choice('Delete', 'chat-menu-delete', ICONS.trash, handlers.onDelete, true));
    this.element.hidden = true;
    document.addEventListener('pointerdown', (event) => {
      if (!this.element.hidden && !this.element.contains(event.target as Node) && !this.opener?.contains(event.target as Node)) this.close();
    });
  }

  /** The "⋯" button of one chat. */
  button(conversationId: string, title: string): HTMLElement {
    const button = h('button', {
      className: 'icon-button chat-menu-button', testId: 'chat-menu-button', data: { conversationId },
      attrs: { type: 'button', 'aria-label': `Actions for "${title}"`, 'aria-haspopup': 'menu', 'aria-expanded': 'false' },
      on: { click: () => (this.conversationId === conversationId && !this.element.hidden ? this.close() : this.open(conversationId, button)) },
    }, icon(DOTS));
    return button;
  }

  /**
   * Runs `draw`, which redraws the rows under `list`, and keeps the menu open on the same chat's
   * row with the same item focused. The list is drawn again when any chat changes (a reply
   * ends, another tab or a sync writes) and every minute: closing the menu then would take it from
   * under the pointer of someone about to choose.
   */
  keepOpenAcross(list: HTMLElement, draw: () => void): void {
    const id = this.conversationId;
    if (id === undefined || this.element.hidden) {
      draw();
      return;
    }
    const focused = this.items().indexOf(document.activeElement as HTMLElement);
    draw();
    const opener = [...list.querySelectorAll<HTMLElement>('.chat-menu-button')].find((button) => button.dataset.conversationId === id);
    if (opener === undefined) {
      this.close();
      return;
    }
    this.open(id, opener, focused);
  }

  /** Closes the menu (focus stays where it is). */
  close(): void {
    this.element.hidden = true;
    this.opener?.setAttribute('aria-expanded', 'false');
    this.conversationId = undefined;
  }

  /** Opens the menu under `opener` with item `focus` focused (-1: focus stays where it is). */
  private open(conversationId: string, opener: HTMLElement, focus = 0): void {
    this.close();
    this.conversationId = conversationId;
    this.opener = opener;
    opener.setAttribute('aria-expanded', 'true');
    opener.closest('li')?.append(this.element);
    this.element.hidden = false;
    this.items()[focus]?.focus();
  }

  private items(): HTMLElement[] {
    return [...this.element.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  }

  private choose(run: (id: string) => void): void {
    const id = this.conversationId;
    this.close();
    if (id !== undefined) run(id);
  }

  private onKey(event: KeyboardEvent): void {
    const items = this.items();
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      const opener = this.opener;
      this.close();
      opener?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      items[(at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
    } else return;
    event.preventDefault();
  }
}
