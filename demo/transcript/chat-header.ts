// The chat pane's header: title (double-click to rename), the context meter, and the
// actions on the open chat (rename, compact, export, delete).
import type { Conversation } from '../../src/index.js';
import { ContextMeter, type MeterSize } from './context-meter.js';
import { h, icon } from '../shared/dom.js';
import { ICONS, type IconName } from '../shared/icons.js';

/** What the header asks the app to do. */
export interface ChatHeaderHandlers {
  onRename(title: string): void;
  onCompact(): void;
  onExportJson(): void;
  onExportMarkdown(): void;
  onDelete(): void;
  onToggleSidebar(): void;
}

/** The header above the transcript. */
export class ChatHeader {
  readonly element: HTMLElement;
  private readonly title = h('h1', { className: 'chat-title' });
  private readonly subtitle = h('p', { className: 'chat-subtitle' });
  private readonly actions: HTMLElement;
  private readonly buttons: Record<'rename' | 'compact' | 'export' | 'exportMarkdown' | 'delete', HTMLButtonElement>;
  private conversation: Conversation | undefined;
  private modelLabel = '';
  /** How full the model's context window is. */
  readonly meter = new ContextMeter();
  private editing: HTMLInputElement | undefined;

  constructor(private readonly handlers: ChatHeaderHandlers) {
    const button = (testId: string, iconName: IconName, label: string, onClick: () => void, className = ''): HTMLButtonElement =>
      h('button', {
        className: `btn btn-ghost btn-icon-label ${className}`.trim(), testId, title: label,
        attrs: { type: 'button', 'aria-label': label }, on: { click: onClick },
      }, icon(ICONS[iconName]), h('span', { className: 'btn-label', text: label.split(' (')[0] ?? label }));
    this.buttons = {
      rename: button('rename', 'pencil', 'Rename', () => this.startRename(), 'only-icon'),
      compact: button('compact', 'compact', 'Compact', () => handlers.onCompact()),
      export: button('export', 'download', 'Export JSON', () => handlers.onExportJson()),
      exportMarkdown: button('export-markdown', 'markdown', 'Markdown', () => handlers.onExportMarkdown()),
      delete: button('delete', 'trash', 'Delete chat', () => handlers.onDelete(), 'only-icon btn-danger-ghost'),
    };
    this.actions = h('div', { className: 'chat-actions' }, ...Object.values(this.buttons));
    this.title.addEventListener('dblclick', () => this.startRename());
    this.element = h('header', { className: 'chat-header' },
      h('button', {
        className: 'icon-button menu-button', attrs: { type: 'button', 'aria-label': 'Show chats' },
        on: { click: () => handlers.onToggleSidebar() },
      }, icon(ICONS.menu)),
      h('div', { className: 'chat-heading' }, this.title, h('div', { className: 'chat-subline' }, this.meter.element, this.subtitle)),
      this.actions);
    this.render();
  }

  /** Shows `conversation` (or the empty state). */
  setConversation(conversation: Conversation | undefined): void {
    if (conversation?.id !== this.conversation?.id) this.stopEditing();
    if (conversation === undefined) this.meter.setSize(undefined);
    this.conversation = conversation;
    this.render();
  }

  /** "Offline assistant" or the endpoint's model. */
  setModelLabel(label: string): void {
    this.modelLabel = label;
    this.render();
  }

  /** The size of what the model is sent next (`undefined`: not known yet). */
  setContext(size: MeterSize | undefined): void {
    this.meter.setSize(this.conversation === undefined ? undefined : size);
  }

  /** Disables Compact while a reply is running. */
  setBusy(busy: boolean): void {
    this.buttons.compact.disabled = busy || this.conversation === undefined;
    this.buttons.compact.classList.toggle('is-busy', false);
  }

  /** Shows Compact as working. */
  setCompacting(compacting: boolean): void {
    this.buttons.compact.disabled = compacting;
    this.buttons.compact.classList.toggle('is-busy', compacting);
  }

  /** Turns the title into a text field; Enter saves, Escape cancels. */
  startRename(): void {
    if (this.conversation === undefined || this.editing !== undefined) return;
    const original = this.conversation.title;
    const input = h('input', {
      className: 'title-input', testId: 'rename-input',
      attrs: { type: 'text', value: original, 'aria-label': 'Chat title', maxlength: 200 },
    });
    let done = false;
    const finish = (save: boolean): void => {
      if (done) return;
      done = true;
      this.stopEditing();
      const title = input.value.trim();
      if (save && title !== '' && title !== original) this.handlers.onRename(title);
    };
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        finish(true);
      } else if (event.key === 'Escape') {
        finish(false);
      }
    });
    input.addEventListener('blur', () => finish(true));
    this.editing = input;
    this.title.replaceWith(input);
    input.focus();
    input.select();
  }

  private stopEditing(): void {
    if (this.editing === undefined) return;
    const input = this.editing;
    this.editing = undefined;
    input.replaceWith(this.title);
  }

  private render(): void {
    const conversation = this.conversation;
    this.title.textContent = conversation === undefined ? 'New conversation' : conversation.title.trim() || 'Untitled chat';
    this.title.title = conversation === undefined ? '' : 'Double-click to rename';
    const parts = [this.modelLabel];
    if (conversation !== undefined) {
      parts.push(`${conversation.lastSeq} ${conversation.lastSeq === 1 ? 'entry' : 'entries'}`);
    }
    this.subtitle.textContent = parts.filter(Boolean).join(' · ');
    this.actions.hidden = conversation === undefined;
  }
}
