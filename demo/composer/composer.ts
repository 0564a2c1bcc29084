// The composer: Enter sends, Shift+Enter adds a line; Send turns into Stop while a reply runs.
// Images and PDFs join the message by paste, by drop on the chat pane, or by the paperclip's
// file picker; what it does not take is said above the box, and nothing of it is stored.
import { h, icon } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';
import { ACCEPTED_TYPES, checkAttachment, type PendingFile } from './attachment-rules.js';
import { AttachmentTray } from './attachment-tray.js';
import { acceptDrops } from './drop-zone.js';

/** What the composer asks the app to do. */
export interface ComposerHandlers {
  /** Sends `text` (may be empty when files go) with `files` (in the order they were added). */
  onSend(text: string, files: PendingFile[]): void;
  onStop(): void;
}

/** The message box at the bottom of the chat pane. */
export class Composer {
  readonly element: HTMLElement;
  readonly textarea: HTMLTextAreaElement;
  private readonly sendButton: HTMLButtonElement;
  private readonly stopButton: HTMLButtonElement;
  private readonly tray: AttachmentTray;
  private readonly problem: HTMLElement;
  /** Tells a screen reader what was attached or removed (the tray itself changes silently). */
  private readonly status = h('span', { className: 'visually-hidden', testId: 'attachment-status', attrs: { role: 'status' } });
  private readonly picker: HTMLInputElement;
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
    this.tray = new AttachmentTray((removed, focusComposer) => {
      this.status.textContent = `Removed ${removed}.`;
      if (focusComposer) this.focus();
      this.updateButtons();
    });
    this.problem = h('p', { className: 'composer-problem', testId: 'attachment-problem', attrs: { role: 'alert' } });
    this.problem.hidden = true;
    this.picker = h('input', {
      className: 'visually-hidden', testId: 'attach-input',
      attrs: { type: 'file', multiple: true, accept: ACCEPTED_TYPES.join(','), tabindex: -1, 'aria-hidden': 'true' },
      on: {
        change: () => {
          this.addFiles([...(this.picker.files ?? [])]);
          this.picker.value = '';
          this.focus();
        },
      },
    });
    const attachButton = h('button', {
      className: 'composer-button attach', testId: 'attach', title: 'Attach images or PDFs',
      attrs: { type: 'button', 'aria-label': 'Attach images or PDFs' },
      on: { click: () => this.picker.click() },
    }, icon(ICONS.paperclip));
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
      this.tray.element, attachButton, this.picker, this.textarea, this.sendButton, this.stopButton);
    document.addEventListener('paste', (event) => this.onPaste(event));
    this.element = h('div', { className: 'composer-wrap' }, this.problem, this.status, form,
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

  /**
   * Makes `pane` (the chat pane) a drop target for files, with a visible overlay while files are
   * dragged over it.
   */
  acceptDropsOn(pane: HTMLElement): void {
    acceptDrops(pane, (files) => {
      this.addFiles(files);
      this.focus();
    });
  }

  /** Attaches what the composer takes of `files` and says why it left out the rest. */
  addFiles(files: readonly File[]): void {
    const problems: string[] = [];
    const added: string[] = [];
    for (const file of files) {
      const checked = checkAttachment(file);
      if ('problem' in checked) {
        problems.push(checked.problem);
        continue;
      }
      this.tray.add(checked);
      added.push(checked.name);
    }
    this.showProblems(problems);
    if (added.length > 0) this.status.textContent = `Attached ${added.join(', ')}.`;
    this.updateButtons();
  }

  focus(): void {
    this.textarea.focus({ preventScroll: true });
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    this.submit();
  }

  /**
   * Files pasted anywhere but another text field join the message. A paste that also carries
   * plain text is text (left to the browser): a copy from a spreadsheet or a word processor
   * carries a picture of the cells beside their text, and the text is what was meant.
   */
  private onPaste(event: ClipboardEvent): void {
    const target = event.target;
    const otherField = target instanceof HTMLElement && target !== this.textarea && (target.isContentEditable || target.matches('input, textarea, select'));
    const files = [...(event.clipboardData?.files ?? [])];
    const text = event.clipboardData?.getData('text/plain') ?? '';
    if (otherField || files.length === 0 || text.trim() !== '') return;
    event.preventDefault();
    this.addFiles(files);
    this.focus();
  }

  private showProblems(problems: readonly string[]): void {
    this.problem.replaceChildren(...problems.map((text) => h('span', { className: 'composer-problem-line', text })));
    this.problem.hidden = problems.length === 0;
  }

  private submit(): void {
    const text = this.textarea.value;
    const files = this.tray.files;
    if (this.running || this.blockedReason !== undefined || (text.trim() === '' && files.length === 0)) return;
    this.textarea.value = '';
    this.tray.clear();
    this.showProblems([]);
    this.autoGrow();
    this.updateButtons();
    this.handlers.onSend(text, files);
  }

  private autoGrow(): void {
    this.textarea.style.height = 'auto';
    this.textarea.style.height = `${Math.min(this.textarea.scrollHeight, 220)}px`;
  }

  private updateButtons(): void {
    this.sendButton.hidden = this.running;
    this.stopButton.hidden = !this.running;
    this.sendButton.disabled = this.blockedReason !== undefined || (this.textarea.value.trim() === '' && this.tray.files.length === 0);
    this.sendButton.title = this.blockedReason ?? 'Send (Enter)';
  }
}
