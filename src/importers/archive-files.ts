import type { ExportArchive } from './export-archive.js';

/**
 * The files of a ChatGPT export by the ids its pointers name. A pointer `file-service://file-abc`
 * or `sediment://file_00ab` names the file id `file-abc` / `file_00ab`; the export holds it as
 * `file-abc-<original name>`, `file_00ab-<uuid>.png` or `file_00ab.dat`, at the root or in a
 * folder (`dalle-generations/`, `<conversation id>/image/`). Every prefix of a name that ends
 * before a `-` or `.` is a candidate id; the first name listed wins.
 * @internal
 */
export class ArchiveFiles {
  readonly #byId = new Map<string, string>();

  constructor(archive: ExportArchive) {
    for (const name of archive.names) {
      if (name.endsWith('/')) continue;
      const base = name.slice(name.lastIndexOf('/') + 1);
      this.#add(base, name);
      for (let at = 1; at < base.length; at++) if (base[at] === '-' || base[at] === '.') this.#add(base.slice(0, at), name);
    }
  }

  /** The entry holding the file `id` names, if the export has it. */
  find(id: string): string | undefined {
    return this.#byId.get(id);
  }

  #add(id: string, name: string): void {
    if (!this.#byId.has(id)) this.#byId.set(id, name);
  }
}

const BY_EXTENSION: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', heic: 'image/heic',
  pdf: 'application/pdf', txt: 'text/plain', md: 'text/markdown', csv: 'text/csv', json: 'application/json',
  wav: 'audio/wav', mp3: 'audio/mpeg', m4a: 'audio/mp4', webm: 'audio/webm', mp4: 'video/mp4',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The media type of a file from the export: its first bytes where they say (a `.dat` name says
 * nothing), else its extension, else `application/octet-stream`.
 * @internal
 */
export function mediaTypeOf(name: string, bytes: Uint8Array): string {
  const sniffed = sniff(bytes);
  if (sniffed !== undefined) return sniffed;
  const extension = /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toLowerCase();
  return (extension === undefined ? undefined : BY_EXTENSION[extension]) ?? 'application/octet-stream';
}

function sniff(bytes: Uint8Array): string | undefined {
  const starts = (...values: number[]): boolean => values.every((value, index) => bytes[index] === value);
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'application/pdf';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';
  return undefined;
}

/** The SHA-256 of the bytes in hex: the id `store.putAttachment` would give them. @internal */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
