// Export the open chat (JSON via exportConversation, Markdown via toMarkdown) as a file
// download, and read a file chosen for import.
import { toMarkdown, type Conversation, type ConvologStore, type ImportResult } from '../../src/index.js';
import { downloadBlob } from '../shared/download.js';
import { exportFileName } from '../shared/format.js';

/** Downloads the conversation as a convolog JSON export (the format `importConversation` reads). */
export async function exportJson(store: ConvologStore, conversation: Conversation): Promise<string> {
  const data = await store.exportConversation(conversation.id);
  const fileName = exportFileName(conversation.title, 'json');
  download(JSON.stringify(data, null, 2), fileName, 'application/json');
  return fileName;
}

/** What a Markdown export wrote: the file's name, and how many branches the chat has (1: none left out). */
export interface MarkdownExport { fileName: string; branches: number }

/**
 * Downloads a readable Markdown transcript of one branch: the one ending at `leafId` (the branch
 * on screen), else the head's. Markdown reads top to bottom, so it holds one branch; when the
 * chat has others, the file says so at the top (the JSON export keeps every branch).
 */
export async function exportMarkdown(store: ConvologStore, conversation: Conversation, leafId?: string): Promise<MarkdownExport> {
  const [entries, forks] = await Promise.all([
    store.entries(conversation.id, leafId === undefined ? {} : { leafId }),
    store.forks(conversation.id),
  ]);
  // Each fork with n versions adds n - 1 branches to the one a linear chat has.
  const branches = forks.reduce((count, fork) => count + fork.childIds.length - 1, 1);
  const title = conversation.title.trim() || 'Untitled chat';
  const fileName = exportFileName(conversation.title, 'md');
  const note = branches > 1
    ? `> This is one of the chat's ${branches} branches: the one shown when it was exported. The convolog JSON export keeps every branch.\n\n`
    : '';
  download(`# ${title.replace(/\n/g, ' ')}\n\n${note}${toMarkdown(entries)}`, fileName, 'text/markdown');
  return { fileName, branches };
}

/** Downloads the conversation as a ZIP: its convolog JSON and each picture or file it holds, once. */
export async function exportZip(store: ConvologStore, conversation: Conversation): Promise<string> {
  const zip = await store.exportConversation(conversation.id, { format: 'zip' });
  const fileName = exportFileName(conversation.title, 'zip');
  downloadBlob(zip, fileName);
  return fileName;
}

/** Whether `file` is a ZIP archive: by its first bytes (`PK\x03\x04`), whatever its name says. */
export async function isZipFile(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return head.length === 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

/** Largest file the demo reads: full ChatGPT histories run to hundreds of MB (the store refuses a single chat over 64 MB anyway). */
const MAX_IMPORT_BYTES = 512 * 1024 * 1024;

/** Refuses a file too large to import. */
export function checkImportSize(file: File): void {
  if (file.size > MAX_IMPORT_BYTES) {
    throw new Error(`${file.name} is ${Math.round(file.size / 1e6)} MB; the demo imports files up to ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`);
  }
}

/**
 * Imports a convolog export (JSON, JSON Lines, a serialized history, or a chat's ZIP with its
 * pictures and files) as one new chat. The data is untrusted: provider data and escape-hatch
 * content are removed (reported as warnings), the log must be resumable, and each carried file's
 * bytes must match its id.
 */
export async function importConvologData(store: ConvologStore, data: string | Blob): Promise<ImportResult> {
  return store.importConversation(data, { trusted: false });
}

function download(content: string, fileName: string, type: string): void {
  downloadBlob(new Blob([content], { type: `${type};charset=utf-8` }), fileName);
}
