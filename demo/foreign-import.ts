// Importing another app's export (ChatGPT, claude.ai, Open WebUI): detect the format, convert and
// import one conversation at a time with a progress bar, then summarize. Only the file's text and
// one conversation are in memory at a time, so a 100 MB ChatGPT export goes through.
import type { Conversation, ConvologStore, Warning } from '../src/index.js';
import { iterateExport, type ForeignExportFormat, type ImportWarning } from '../src/importers/index.js';
import type { ImportDialog, ImportSummary } from './import-dialog.js';
import { describeError } from './notices.js';

/** What each format is called in the dialog. */
export const SOURCE_NAMES: Record<ForeignExportFormat, string> = {
  chatgpt: 'ChatGPT export', claude: 'Claude export', open_webui: 'Open WebUI export',
};

/** The largest foreign export the demo reads: full ChatGPT histories run to hundreds of MB. */
export const MAX_FOREIGN_BYTES = 512 * 1024 * 1024;

/** Imports every conversation of `text` (in `format`), reporting progress to `dialog`; returns the summary and the chats created. */
export async function importForeignExport(
  store: ConvologStore, text: string, format: ForeignExportFormat, dialog: ImportDialog,
): Promise<{ summary: ImportSummary; conversations: Conversation[] }> {
  const summary: ImportSummary = { source: SOURCE_NAMES[format], imported: 0, branches: 0, leftOut: new Map(), skipped: [] };
  const conversations: Conversation[] = [];
  dialog.start(summary.source);
  let lastPaint = 0;
  for (const item of iterateExport(text, format)) {
    for (const warning of item.warnings) record(summary, warning);
    if (item.conversation !== undefined) {
      try {
        const { conversation, warnings } = await store.importConversation(item.conversation);
        conversations.push(conversation);
        summary.imported++;
        summary.branches += countLeaves(item.conversation.entries);
        for (const warning of warnings) record(summary, warning);
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
  return { summary, conversations };
}

function record(summary: ImportSummary, warning: Warning | ImportWarning): void {
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
  return text.replace(/"[^"]*"/g, '…');
}

function countLeaves(entries: readonly { id: string; parentId: string | null }[]): number {
  const parents = new Set(entries.map((entry) => entry.parentId));
  return entries.filter((entry) => !parents.has(entry.id)).length;
}

function nextFrame(): Promise<void> {
  // A hidden tab gets no animation frames: the timeout keeps the import going there.
  return new Promise((resolve) => {
    requestAnimationFrame(() => resolve());
    setTimeout(resolve, 100);
  });
}
