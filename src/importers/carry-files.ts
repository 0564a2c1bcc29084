import { isConvologError } from '../core/error.js';
import type { Message } from '../core/message.js';
import { ArchiveFiles, mediaTypeOf, sha256Hex } from './archive-files.js';
import { CHATGPT_FILE_PROVIDER, pointerId } from './chatgpt-content.js';
import type { ConversationExportV2 } from './conversation-export-v2.js';
import type { ExportArchive } from './export-archive.js';
import { WarningCollector } from './warning-collector.js';
import type { ImportWarning } from './import-warning.js';
import { storedZip } from './stored-zip.js';

/** An attachment carried in a format-3 export: its bytes, checked by the store against the id. */
interface CarriedFile { id: string; mediaType: string; size: number; filename?: string; bytes: Uint8Array }

/**
 * A converted conversation with its files: a format-3 export the store imports whole, bytes
 * included: the export object, or with files a ZIP export of it holding their own bytes.
 * @internal
 */
export interface WithFiles { exported: Record<string, unknown> | Blob; warnings: ImportWarning[]; files: number }

/**
 * Replaces each ChatGPT file pointer of `conversation` (a `provider_file` part) by an attachment
 * whose bytes the export then carries, read from the archive one file at a time; a pointer whose
 * file the archive lacks (or holds damaged) leaves the part out with a `dropped_block` warning
 * naming it. The store writes the conversation and its bytes in one transaction. With files, the
 * export goes as a format-3 ZIP of stored entries (`conversation.json`, `attachments/<id>`), which
 * `importConversation` reads as it reads its own ZIP exports: never base64, whose round trip (a
 * binary string, the base64, the store's decoding) was most of the import's garbage (DESIGN §18).
 * @internal
 */
export async function carryFiles(conversation: ConversationExportV2, archive: ExportArchive, files: ArchiveFiles): Promise<WithFiles> {
  const { id, title } = conversation.conversation;
  const warnings = new WarningCollector(id, title);
  const carried = new Map<string, CarriedFile>();
  const byPointer = new Map<string, CarriedFile | null>();
  const entries = [];
  for (const [index, entry] of conversation.entries.entries()) {
    entries.push({ ...entry, message: await resolveMessage(entry.message, index) });
  }
  const withBytes = [...carried.values()];
  const exported = { ...conversation, formatVersion: 3, entries, attachments: withBytes.map(({ bytes: _bytes, ...metadata }) => metadata) };
  return { exported: withBytes.length === 0 ? exported : await zipExport(exported, withBytes), warnings: warnings.warnings, files: withBytes.length };

  async function resolveMessage(message: Message, index: number): Promise<Message> {
    if (typeof message.content === 'string' || !message.content.some(isPointer)) return message;
    const content = [];
    for (const part of message.content as readonly { type: string; source?: { kind: string; fileId?: string }; filename?: string }[]) {
      if (!isPointer(part)) {
        content.push(part);
        continue;
      }
      const file = await fileOf(part.source!.fileId!, part.filename, index);
      if (file === null) continue;
      const filename = part.filename ?? file.filename;
      content.push({ ...part, source: { kind: 'attachment', id: file.id, mediaType: file.mediaType, size: file.size, ...(filename === undefined ? {} : { filename }) } });
    }
    return { ...message, content } as Message;
  }

  async function fileOf(pointer: string, filename: string | undefined, index: number): Promise<CarriedFile | null> {
    if (byPointer.has(pointer)) return byPointer.get(pointer)!;
    const what = `the file ${JSON.stringify(pointer.slice(0, 120))}${filename === undefined ? '' : ` (${filename})`}`;
    const name = files.find(pointerId(pointer));
    let file: CarriedFile | null = null;
    if (name === undefined) warnings.droppedBlock(`${what} was left out: the export ZIP holds no file for it`, index);
    else file = await readFile(name, what, index);
    byPointer.set(pointer, file);
    return file;
  }

  async function readFile(name: string, what: string, index: number): Promise<CarriedFile | null> {
    let bytes: Uint8Array;
    try {
      bytes = await archive.read(name);
    } catch (error) {
      // A bomb or a budget overrun stops the whole import; one damaged file costs its part only.
      if (!isConvologError(error, 'invalid_archive')) throw error;
      warnings.droppedBlock(`${what} was left out: ${error.message.replace(/ Nothing was imported\.$/, '')}`, index);
      return null;
    }
    const id = await sha256Hex(bytes);
    const known = carried.get(id);
    if (known !== undefined) return known;
    const file: CarriedFile = { id, mediaType: mediaTypeOf(name, bytes), size: bytes.byteLength, ...originalName(name), bytes };
    carried.set(id, file);
    return file;
  }
}

/** The ZIP export `exportConversation(id, { format: 'zip' })` would write, its entries stored. */
function zipExport(exported: Record<string, unknown>, files: readonly CarriedFile[]): Promise<Blob> {
  return storedZip([
    { name: 'conversation.json', bytes: new TextEncoder().encode(JSON.stringify(exported)) },
    ...files.map((file) => ({ name: `attachments/${file.id}`, bytes: file.bytes })),
  ]);
}

function isPointer(part: unknown): boolean {
  const source = (part as { source?: { kind?: string; provider?: string } }).source;
  return source !== undefined && source.kind === 'provider_file' && source.provider === CHATGPT_FILE_PROVIDER;
}

/** `file-abc-photo.png` → `photo.png`: ChatGPT keeps the uploaded name after the id. */
function originalName(name: string): { filename?: string } {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const match = /^file[-_][A-Za-z0-9]+-(.+)$/.exec(base);
  return match === null ? {} : { filename: match[1]! };
}
