import type { AttachmentRef } from '../attachments/attachment-ref.js';

/** An attachment's file in the journal folder is named after its id: written once per id. @internal */
export const ATTACHMENT_FILE_PREFIX = 'a-';
const ATTACHMENT_FILE_FORMAT = 'convolog.attachment';

/** The first line of an attachment's file: what `putAttachment` was told, for the restore to put it back. @internal */
export interface AttachmentFileHeader {
  format: typeof ATTACHMENT_FILE_FORMAT;
  version: 1;
  database: string;
  id: string;
  mediaType: string;
  size: number;
  filename?: string;
}

/** @internal */
export function attachmentFileName(id: string): string {
  return `${ATTACHMENT_FILE_PREFIX}${id}`;
}

/** A header line of JSON, a newline, then the bytes as they are (no base64: a third smaller, no encoding). @internal */
export function attachmentFile(database: string, ref: AttachmentRef, bytes: Uint8Array): Uint8Array {
  const header: AttachmentFileHeader = {
    format: ATTACHMENT_FILE_FORMAT, version: 1, database, id: ref.id, mediaType: ref.mediaType, size: bytes.byteLength,
    ...(ref.filename === undefined ? {} : { filename: ref.filename }),
  };
  const line = new TextEncoder().encode(`${JSON.stringify(header)}\n`);
  const file = new Uint8Array(line.byteLength + bytes.byteLength);
  file.set(line);
  file.set(bytes, line.byteLength);
  return file;
}

/**
 * Reads an attachment's file back: its header and bytes, or why not (a file cut short, another
 * database's, a newer format). Whether the bytes are the id's is for the caller to check (hashing).
 * @internal
 */
export function parseAttachmentFile(file: Uint8Array, database: string): { header: AttachmentFileHeader; bytes: Uint8Array } | string {
  const end = file.indexOf(0x0a);
  if (end < 0) return 'it has no header';
  let header: Partial<AttachmentFileHeader>;
  try {
    header = JSON.parse(new TextDecoder().decode(file.subarray(0, end))) as Partial<AttachmentFileHeader>;
  } catch {
    return 'its header is not JSON';
  }
  if (header.format !== ATTACHMENT_FILE_FORMAT || typeof header.id !== 'string' || typeof header.mediaType !== 'string') return 'it is not a convolog attachment';
  if (header.version !== 1) return `its format version ${String(header.version)} is newer than this build reads`;
  if (header.database !== database) return `it belongs to the database "${String(header.database)}"`;
  const bytes = file.subarray(end + 1);
  if (bytes.byteLength !== header.size) return `it holds ${bytes.byteLength} bytes of ${String(header.size)} (cut short)`;
  return { header: header as AttachmentFileHeader, bytes };
}
