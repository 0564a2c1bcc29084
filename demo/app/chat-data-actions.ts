// What the app does to a chat's data besides chatting: compacting it, exporting it to a file,
// importing one. Each reports its result as a notice and leaves the chat untouched on failure.
import type { ZipArchive } from '../../src/index.js';
import { detectExportFormat, type ForeignExportFormat } from '../../src/importers/index.js';
import type { AppHost } from './app-host.js';
import { compactChat } from './compaction.js';
import { type ExportZipKind, importExportZip, openExportZip } from './export-zip-import.js';
import { importForeignExport } from './foreign-import.js';
import { checkImportSize, exportJson, exportMarkdown, exportZip, importConvologData, isZipFile } from './import-export.js';
import { archiveErrorText } from '../shared/archive-error-text.js';
import { describeError } from '../shared/notices.js';

/** Compacts the open chat with the current model, unless a turn or a compaction is running in it. */
export async function compactOpenChat(app: AppHost): Promise<void> {
  const conversation = app.open;
  if (conversation === undefined || app.compacting !== undefined) return;
  if (app.turn?.conversationId === conversation.id) return;
  const controller = new AbortController();
  app.compacting = controller;
  app.header.setCompacting(true);
  app.updateComposerState();
  try {
    const outcome = await compactChat(app.store, conversation.id, app.model(), controller.signal, app.transcript.tipId);
    if (outcome.entry === null) {
      app.notices.show({ tone: 'info', key: 'compact', title: 'Nothing to compact yet: this chat is short enough to send as it is.' });
      return;
    }
    app.transcript.addEntries(conversation.id, [outcome.entry]);
    app.header.setContext(outcome.after);
    app.notices.show({
      tone: 'success', key: 'compact',
      title: `Compacted: the model is now sent ~${outcome.after.tokens.toLocaleString('en-US')} tokens instead of ~${outcome.before.tokens.toLocaleString('en-US')}.`,
      details: ['The older messages stay in the log (dimmed); the summary replaces them in what is sent.'],
    });
  } catch (error) {
    app.notices.show({ tone: 'error', key: 'compact', title: 'Compaction failed; nothing was written.', details: [describeError(error)] });
  } finally {
    app.compacting = undefined;
    app.header.setCompacting(false);
    app.updateComposerState();
  }
}

/** Downloads the open chat as a convolog JSON export, a ZIP with its pictures and files, or Markdown. */
export async function exportOpenChat(app: AppHost, kind: 'json' | 'zip' | 'markdown'): Promise<void> {
  const conversation = app.open;
  if (conversation === undefined) return;
  try {
    if (kind === 'zip') {
      const fileName = await exportZip(app.store, conversation);
      app.notices.show({ tone: 'success', key: 'export', title: `Exported ${fileName} (every branch, with its pictures and files).` });
      return;
    }
    if (kind === 'json') {
      const fileName = await exportJson(app.store, conversation);
      app.notices.show({ tone: 'success', key: 'export', title: `Exported ${fileName} (every branch).` });
      return;
    }
    const { fileName, branches } = await exportMarkdown(app.store, conversation, app.transcript.tipId);
    app.notices.show(branches === 1
      ? { tone: 'success', key: 'export', title: `Exported ${fileName}.` }
      : {
          tone: 'info', key: 'export', timeout: 10_000,
          title: `Exported ${fileName}: only the branch on screen, 1 of this chat's ${branches} branches.`,
          details: ['Markdown reads top to bottom, so it holds one branch. The JSON export keeps every branch.'],
          action: { label: 'Export JSON too', run: () => void exportOpenChat(app, 'json') },
        });
  } catch (error) {
    app.notices.show({ tone: 'error', key: 'export', title: 'Export failed.', details: [describeError(error)] });
  }
}

/**
 * Imports `file`: another app's export (ChatGPT, claude.ai, Open WebUI) through the import dialog,
 * or a convolog export as one new chat, which it opens, listing what the import had to change.
 */
export async function importChatFile(app: AppHost, file: File): Promise<void> {
  let data: string | Blob;
  try {
    checkImportSize(file);
    // A chat's ZIP goes to the store as it is (it reads only the parts it needs); anything else is text.
    data = await isZipFile(file) ? file : await file.text();
  } catch (error) {
    app.notices.show({ tone: 'error', key: 'import', title: `Could not import ${file.name}. Nothing was changed.`, details: [describeError(error)] });
    return;
  }
  const format = typeof data === 'string' ? detectExportFormat(data) : 'convolog';
  try {
    const exportZip = typeof data === 'string' ? undefined : await openExportZip(data).catch(() => undefined);
    if (exportZip !== undefined) await importExportZipFile(app, file, exportZip);
    else if (typeof data === 'string' && format !== null && format !== 'convolog') await importForeignFile(app, file, data, format);
    else await importConvologFile(app, file, data);
  } finally {
    // An import can write hundreds of chats: the storage line follows now, not after the writes go quiet.
    app.scheduleStorageRefresh(0);
  }
}

/** ChatGPT's or claude.ai's data export ZIP, with its pictures and files. */
async function importExportZipFile(app: AppHost, file: File, { archive, kind }: { archive: ZipArchive; kind: ExportZipKind }): Promise<void> {
  try {
    await importExportZip(app, archive, kind);
  } catch (error) {
    app.importDialog.element.close();
    app.notices.show({ tone: 'error', key: 'import', title: `Could not import ${file.name}.`, details: [describeError(error)] });
  }
}

async function importForeignFile(app: AppHost, file: File, text: string, format: ForeignExportFormat): Promise<void> {
  try {
    const { summary, conversations, replacedIds } = await importForeignExport(app.store, text, format, app.importDialog);
    app.importDialog.finish(summary);
    const gone = new Set(replacedIds);
    app.conversations = [...conversations.reverse(), ...app.conversations.filter((item) => !gone.has(item.id))];
    app.scheduleListRefresh();
    // The most recent imported chat opens on the branch its owner last had.
    const newest = [...conversations].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
    if (newest !== undefined) await app.openConversation(newest.id);
  } catch (error) {
    app.importDialog.element.close();
    app.notices.show({ tone: 'error', key: 'import', title: `Could not import ${file.name}.`, details: [describeError(error)] });
  }
}

async function importConvologFile(app: AppHost, file: File, data: string | Blob): Promise<void> {
  try {
    const imported = await importConvologData(app.store, data);
    const { warnings } = imported;
    let { conversation } = imported;
    if (imported.outcome === 'skipped') {
      // An export of a chat first imported from another app, and that chat is still here: nothing to add.
      await app.openConversation(conversation.id);
      app.notices.show({ tone: 'info', key: 'import', title: `"${conversation.title || file.name}" was imported before; opened it. Nothing was changed.` });
      return;
    }
    if (conversation.title.trim() === '') {
      // A bare history has no title: the file name is the best one there is.
      conversation = await app.store.updateConversation(conversation.id, { title: file.name.replace(/\.(json|jsonl|zip)$/i, '') });
    }
    app.conversations = [conversation, ...app.conversations.filter((item) => item.id !== conversation.id)];
    await app.openConversation(conversation.id);
    app.notices.show(warnings.length === 0
      ? { tone: 'success', key: 'import', title: `Imported "${conversation.title || file.name}".` }
      : {
          tone: 'warning', key: 'import',
          title: `Imported "${conversation.title || file.name}" with ${warnings.length} change${warnings.length === 1 ? '' : 's'}:`,
          details: warnings.slice(0, 8).map((warning) => warning.message).concat(warnings.length > 8 ? [`…and ${warnings.length - 8} more.`] : []),
        });
  } catch (error) {
    app.notices.show({
      tone: 'error', key: 'import', title: `Could not import ${file.name}. Nothing was changed.`,
      details: [archiveErrorText(error, 'chat') ?? describeError(error)],
    });
  }
}
