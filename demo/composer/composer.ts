// The composer: Enter sends, Shift+Enter adds a line; Send turns into Stop while a reply runs.
import { h, icon } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';

/** What the composer asks the app to do. */
export interface ComposerHandlers {
  onSend(text: string): void;
  onStop(): void;
}

/** The message box at the bottom of the chat pane. */
export class Composer {
  readonly element: HTMLElement;
  readonly textarea: HTMLTextAreaElement;
  private readonly sendButton: HTMLButtonElement;
  private readonly stopButton: HTMLButtonElement;
  private running = false;
  private blockedReason: string | undefined;

  constructor(private readonly handlers: ComposerHandlers) {
    this.textarea = h('textarea', {
      className: 'composer-input',
      testId: 'composer',
      attrs: { rows: 1, placeholder: 'Message the assistant…', 'aria-label': 'Message', autocomplete: 'off', enterkeyhint: 'send' },
      on: {
        keydown: (event) => this.onKeyDown(event),
        input: () => {
          this.autoGrow();
          this.updateButtons();
        },
      },
    });
    this.sendButton = h('button', {
      className: 'composer-button send', testId: 'send', title: 'Send (Enter)',
      attrs: { type: 'submit', 'aria-label': 'Send' },
    }, icon(ICONS.send));
    this.stopButton = h('button', {
      className: 'composer-button stop', testId: 'stop', title: 'Stop',
      attrs: { type: 'button', 'aria-label': 'Stop' },
      on: { click: () => this.handlers.onStop() },
    }, icon(ICONS.stop));
    this.stopButton.hidden = true;
    const form = h('form', { className: 'composer', on: { submit: (event) => { event.preventDefault(); this.submit(); } } },
      this.textarea, this.sendButton, this.stopButton);
    this.element = h('div', { className: 'composer-wrap' }, form,
      h('p', { className: 'composer-hint', text: 'Enter to send · Shift+Enter for a new line · Chats are stored only in this browser' }));
    this.updateButtons();
  }

  /** Shows Stop instead of Send while a reply is being written. */
  setRunning(running: boolean): void {
    this.running = running;
    this.updateButtons();
  }

  /** Prevents sending (e.g. a reply is running in another chat), with the reason as a tooltip. */
  setBlocked(reason: string | undefined): void {
    this.blockedReason = reason;
    this.updateButtons();
  }

  /** Puts `text` in the box (a suggestion was clicked). */
  setText(text: string): void {
    this.textarea.value = text;
    this.autoGrow();
    this.updateButtons();
    this.focus();
  }

  focus(): void {
    this.textarea.focus({ preventScroll: true });
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    this.submit();
  }

  private submit(): void {
    const text = this.textarea.value;
    if (this.running || this.blockedReason !== undefined || text.trim() === '') return;
    this.textarea.value = '';
    this.autoGrow();
    this.updateButtons();
    this.handlers.onSend(text);
  }

  private autoGrow(): void {
    this.textarea.style.height = 'auto';
    this.textarea.style.height = `${Math.min(this.textarea.scrollHeight, 220)}px`;
  }

  private updateButtons(): void {
    this.sendButton.hidden = this.running;
    this.stopButton.hidden = !this.running;
    this.sendButton.disabled = this.blockedReason !== undefined || this.textarea.value.trim() === '';
    this.sendButton.title = this.blockedReason ?? 'Send (Enter)';
  }
}
