// Importing another app's export (ChatGPT, claude.ai, Open WebUI): detect the format, convert and
// import one conversation at a time with a progress bar, then summarize. Only the file's text and
// one conversation are in memory at a time, so a 100 MB ChatGPT export goes through.
import type { Conversation, ConvologStore, ImportResult, Warning } from '../../src/index.js';
import { iterateExport, type ForeignExportFormat, type ImportWarning } from '../../src/importers/index.js';
import type { ImportDialog, ImportSummary, ReimportChoice } from '../dialogs/import-dialog.js';
import { describeError } from '../shared/notices.js';

/** What each format is called in the dialog. */
export const SOURCE_NAMES: Record<ForeignExportFormat, string> = {
  chatgpt: 'ChatGPT export', claude: 'Claude export', open_webui: 'Open WebUI export',
};

/** The largest foreign export the demo reads: full ChatGPT histories run to hundreds of MB. */
export const MAX_FOREIGN_BYTES = 512 * 1024 * 1024;

/** What an import of a foreign file made: the summary, the chats created, and the ids of the chats it replaced. */
export interface ForeignImport { summary: ImportSummary; conversations: Conversation[]; replacedIds: string[] }

/**
 * Imports every conversation of `text` (in `format`), reporting progress to `dialog`. The first
 * conversation imported before makes the dialog ask whether to skip, replace or import again
 * those of the file; the answer holds for the rest of the file.
 */
export async function importForeignExport(store: ConvologStore, text: string, format: ForeignExportFormat, dialog: ImportDialog): Promise<ForeignImport> {
  const summary: ImportSummary = { source: SOURCE_NAMES[format], imported: 0, branches: 0, leftOut: new Map(), skipped: [], earlier: { choice: 'skip', count: 0 } };
  const done: ForeignImport = { summary, conversations: [], replacedIds: [] };
  let choice: ReimportChoice | undefined;
  dialog.start(summary.source);
  let lastPaint = 0;
  for (const item of iterateExport(text, format)) {
    for (const warning of item.warnings) record(summary, warning);
    if (item.conversation !== undefined) {
      try {
        let result = await store.importConversation(item.conversation, { onReimport: choice ?? 'skip' });
        if (result.outcome === 'skipped' && choice === undefined) {
          choice = await dialog.askReimport(result.conversation.title);
          summary.earlier.choice = choice;
          if (choice !== 'skip') result = await store.importConversation(item.conversation, { onReimport: choice });
        }
        count(done, result, countLeaves(item.conversation.entries));
      } catch (error) {
        summary.skipped.push(`${item.conversation.conversation.title || 'Untitled'}: ${describeError(error)}`);
      }
    }
    if (performance.now() - lastPaint > 50 || item.index + 1 === item.total) {
      dialog.update(item.index + 1, item.total);
      lastPaint = performance.now();
      await nextFrame(); // let the progress bar paint between conversations
    }
  }
  return done;
}

function count(done: ForeignImport, result: ImportResult, leaves: number): void {
  if (result.outcome !== 'created') done.summary.earlier.count++;
  if (result.outcome === 'skipped') return;
  if (result.replacedId !== undefined) done.replacedIds.push(result.replacedId);
  done.conversations.push(result.conversation);
  done.summary.imported++;
  done.summary.branches = (done.summary.branches ?? 0) + leaves;
  for (const warning of result.warnings) record(done.summary, warning);
}

/** Adds a warning to the summary: a conversation not imported, or a kind of thing left out. */
export function record(summary: ImportSummary, warning: Warning | ImportWarning): void {
  if (warning.code === 'skipped_conversation') {
    summary.skipped.push(warning.message.replace(/^Skipped /, '').replace(/ The other conversations were kept\.$/, ''));
    return;
  }
  if (warning.code === 'id_reassigned') return; // a re-import: ids are fresh, nothing lost
  const reason = reasonOf(warning);
  summary.leftOut.set(reason, (summary.leftOut.get(reason) ?? 0) + 1);
}

/** Groups warnings across conversations by what was left out. */
function reasonOf(warning: Warning): string {
  const text = warning.message.replace(/^In .*?\): |^In .*?: /, '');
  if (/an image .*by reference/.test(text)) return 'images the export holds only by reference';
  if (/"python" tool|Python tool/.test(text)) return 'code runs and their output kept as text (no tool call to replay)';
  if (/built-in .*tool/.test(text)) return 'built-in tool calls and results of the app (browsing, search, image generation, memory)';
  if (/the (file|attachment) .*left out/.test(text)) return 'files the export holds only by reference';
  if (/system message/.test(text)) return 'system messages (the app sets its own system prompt)';
  if (/section Open WebUI ran/.test(text)) return 'tool sections Open WebUI ran on its side';
  if (/^message \d+ was left out/.test(text)) return 'messages the export holds in a form that cannot be read';
  return text.replace(/"[^"]*"/g, '…');
}

function countLeaves(entries: readonly { id: string; parentId: string | null }[]): number {
  const parents = new Set(entries.map((entry) => entry.parentId));
  return entries.filter((entry) => !parents.has(entry.id)).length;
}

/** Resolves after the next paint (or 100 ms in a hidden tab). */
export function nextFrame(): Promise<void> {
  // A hidden tab gets no animation frames: the timeout keeps the import going there.
  return new Promise((resolve) => {
    requestAnimationFrame(() => resolve());
    setTimeout(resolve, 100);
  });
}
