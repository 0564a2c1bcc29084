// Importing ChatGPT's or claude.ai's data export ZIP as it was downloaded: the conversations with
// their pictures and files (convolog/importers reads one conversation at a time, and each goes into
// the store whole with its bytes), with the same progress dialog and summary as a JSON export.
import { openZipArchive, type ZipArchive } from '../../src/index.js';
import { importChatGPTZip, importClaudeZip } from '../../src/importers/index.js';
import type { ImportSummary } from '../dialogs/import-dialog.js';
import type { AppHost } from './app-host.js';
import { MAX_FOREIGN_BYTES, nextFrame, record, SOURCE_NAMES } from './foreign-import.js';

/** Which app's data export a ZIP is. */
export type ExportZipKind = 'chatgpt' | 'claude';

/**
 * Which app's data export a ZIP with these entries is, if any: both hold `conversations.json`;
 * claude.ai's has `users.json` and `projects.json` beside it, ChatGPT's `user.json`, `chat.html`
 * and its files. A convolog chat ZIP (`conversation.json`) or a backup is neither.
 */
export function exportZipKind(names: readonly string[]): ExportZipKind | undefined {
  if (!names.some((name) => /(^|\/)conversations(-\d+)?\.json$/.test(name))) return undefined;
  return names.some((name) => /(^|\/)(users|projects)\.json$/.test(name)) ? 'claude' : 'chatgpt';
}

/** Opens `file` as a ZIP and says which app's export it is (`undefined`: not an export ZIP). */
export async function openExportZip(file: Blob): Promise<{ archive: ZipArchive; kind: ExportZipKind } | undefined> {
  const archive = await openZipArchive(file, { maxBytes: MAX_FOREIGN_BYTES });
  const kind = exportZipKind(archive.names);
  return kind === undefined ? undefined : { archive, kind };
}

/**
 * Imports every conversation of an export ZIP, with the progress dialog; conversations imported
 * before are left as they are (the summary counts them). Opens the export's first one imported.
 */
export async function importExportZip(app: AppHost, archive: ZipArchive, kind: ExportZipKind): Promise<void> {
  const dialog = app.importDialog;
  const summary: ImportSummary = { source: SOURCE_NAMES[kind], imported: 0, files: 0, leftOut: new Map(), skipped: [], earlier: { choice: 'skip', count: 0 } };
  dialog.start(summary.source);
  let lastPaint = 0;
  const importZip = kind === 'chatgpt' ? importChatGPTZip : importClaudeZip;
  const result = await importZip(app.store, archive, {
    onProgress: ({ index, total }) => {
      if (performance.now() - lastPaint < 50 && index + 1 < total) return;
      lastPaint = performance.now();
      dialog.update(index + 1, total);
    },
  });
  for (const conversation of result.conversations) {
    if (conversation.outcome === 'skipped') summary.earlier.count++;
    else summary.imported++;
    summary.files! += conversation.files;
  }
  for (const warning of result.warnings) record(summary, warning);
  await nextFrame();
  dialog.finish(summary);
  app.scheduleListRefresh();
  // ChatGPT lists the newest conversation first.
  const first = result.conversations.find((conversation) => conversation.outcome !== 'skipped');
  if (first !== undefined) await app.openConversation(first.conversationId);
}
