// The dialog an import of another app's export shows: a progress bar over the conversations,
// then a summary of what was imported, how many branches were kept, and what was left out and why.
import { h, icon } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';

/** What to do with the conversations of a file that were imported before. */
export type ReimportChoice = 'skip' | 'replace' | 'duplicate';

/** What the summary reports. */
export interface ImportSummary {
  source: string;
  imported: number;
  /** Branches kept (a JSON export's conversations are read here, so they are counted). */
  branches?: number;
  /** Pictures and files brought in as attachments (an export ZIP). */
  files?: number;
  /** Reason → how many times it happened (messages, parts, conversations). */
  leftOut: Map<string, number>;
  /** Conversations that could not be imported, each with why. */
  skipped: string[];
  /** Conversations imported before: what the user chose, and how many there were. */
  earlier: { choice: ReimportChoice; count: number };
}

const EARLIER_LINES: Record<ReimportChoice, (count: number) => string> = {
  skip: (count) => `${count} already imported before, left as they were`,
  replace: (count) => `${count} already imported before, replaced with this file's copy`,
  duplicate: (count) => `${count} already imported before, imported again as copies`,
};

/** A modal dialog with progress, then the summary; it closes on its button or Escape. */
export class ImportDialog {
  readonly element: HTMLDialogElement;
  private readonly heading = h('h2', { text: 'Importing' });
  private readonly progress = h('progress', { testId: 'import-progress', attrs: { max: 1, value: 0 } });
  private readonly status = h('p', { className: 'import-status', attrs: { role: 'status' } });
  private readonly body = h('div', { className: 'import-body' });

  constructor() {
    this.element = h('dialog', { className: 'dialog import-dialog', attrs: { 'aria-label': 'Import' } },
      h('div', { className: 'settings-form' },
        h('div', { className: 'dialog-head' }, this.heading,
          h('button', { className: 'icon-button', attrs: { type: 'button', 'aria-label': 'Close' }, on: { click: () => this.element.close() } }, icon(ICONS.close))),
        this.body));
  }

  /** Opens the dialog on a progress bar for `source` ("ChatGPT export"). */
  start(source: string): void {
    this.heading.textContent = `Importing your ${source}`;
    this.progress.value = 0;
    this.status.textContent = 'Reading the file…';
    this.body.replaceChildren(this.progress, this.status);
    if (!this.element.open) this.element.showModal();
  }

  /** `done` of `total` conversations handled. */
  update(done: number, total: number): void {
    this.progress.max = Math.max(total, 1);
    this.progress.value = done;
    this.status.textContent = `${done} of ${total} conversation${total === 1 ? '' : 's'}`;
  }

  /**
   * Asks what to do with conversations of the file imported before (the first is `title`); closing
   * the dialog answers "skip", which changes nothing. The progress bar comes back after.
   */
  askReimport(title: string): Promise<ReimportChoice> {
    return new Promise((resolve) => {
      const answer = (choice: ReimportChoice): void => {
        this.element.removeEventListener('close', onClose);
        this.body.replaceChildren(this.progress, this.status);
        resolve(choice);
      };
      // A close event queued by an earlier close (Done, then a new import at once) arrives with the dialog open again: not an answer.
      const onClose = (): void => { if (!this.element.open) answer('skip'); };
      this.element.addEventListener('close', onClose);
      const button = (choice: ReimportChoice, label: string, primary: boolean): HTMLElement =>
        h('button', { className: `btn ${primary ? 'btn-primary' : 'btn-secondary'}`, text: label, testId: `reimport-${choice}`, attrs: { type: 'button' }, on: { click: () => answer(choice) } });
      this.body.replaceChildren(h('div', { className: 'import-question', testId: 'reimport-question', attrs: { role: 'alertdialog' } },
        h('p', { text: `This file holds conversations you already imported, such as “${title || 'Untitled'}”. What should happen to them?` }),
        h('p', { className: 'import-note', text: 'Replacing drops what you added to them since; importing again makes a second copy of each.' }),
        h('div', { className: 'dialog-actions' },
          button('skip', 'Skip them', true), button('replace', 'Replace them', false), button('duplicate', 'Import again', false))));
      if (!this.element.open) this.element.showModal();
    });
  }

  /** Replaces the progress bar with the summary (reopening the dialog if it was closed meanwhile). */
  finish(summary: ImportSummary): void {
    this.heading.textContent = `Imported your ${summary.source}`;
    const counts = h('p', { className: 'import-counts' },
      h('strong', { testId: 'import-count', text: `${summary.imported} conversation${summary.imported === 1 ? '' : 's'} imported` }),
      summary.branches === undefined ? null : ` · ${summary.branches} branch${summary.branches === 1 ? '' : 'es'} kept`,
      summary.files === undefined ? null : h('span', { testId: 'import-files', text: summary.files === 1 ? ' · 1 picture or file' : ` · ${summary.files} pictures and files` }));
    const leftOut = [...summary.leftOut].sort((a, b) => b[1] - a[1]);
    // "Nothing was left out" only when that is true: no part, message or conversation was.
    const complete = leftOut.length === 0 && summary.skipped.length === 0;
    this.body.replaceChildren(h('div', { className: 'import-summary', testId: 'import-summary' },
      counts,
      summary.earlier.count === 0 ? null : h('p', { className: 'import-note', testId: 'import-earlier', text: `${EARLIER_LINES[summary.earlier.choice](summary.earlier.count)}.` }),
      complete ? h('p', { className: 'import-note', text: 'Nothing was left out.' }) : null,
      leftOut.length === 0 ? null : section('Left out, because convolog cannot carry it or send it to a model',
        leftOut.map(([reason, count]) => `${count} × ${reason}`)),
      summary.skipped.length === 0 ? null : section(`Not imported (${summary.skipped.length})`, summary.skipped.slice(0, 10).concat(
        summary.skipped.length > 10 ? [`…and ${summary.skipped.length - 10} more.`] : [])),
      h('div', { className: 'dialog-actions' },
        h('button', { className: 'btn btn-primary', text: 'Done', testId: 'import-done', attrs: { type: 'button' }, on: { click: () => this.element.close() } }))));
    if (!this.element.open) this.element.showModal();
  }
}

function section(title: string, lines: string[]): HTMLElement {
  return h('section', { className: 'import-section' }, h('h3', { text: title }), h('ul', {}, ...lines.map((line) => h('li', { text: line }))));
}
