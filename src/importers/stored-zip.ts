/** One file of a {@link storedZip}. @internal */
export interface StoredZipFile { name: string; bytes: Uint8Array }

const UTF8_NAMES = 0x0800;
const DOS_DATE_1980 = 0x21; // 1980-01-01, the earliest date a ZIP can say: the files have none of their own
const MAX_OFFSET = 0xffffffff;

/**
 * A ZIP of `files`, each stored (not deflated: the files of an export are images and PDFs,
 * compressed already), as a `Blob` the engine holds outside the JS heap. What the ZIP importers
 * hand `store.importConversation`: the format-3 ZIP export (`conversation.json` and
 * `attachments/<id>`) carries each file's own bytes, where a JSON export would carry them as base64
 * (a binary string, the base64 and the store's decoding: three more copies of every file).
 * No ZIP64: one conversation's files stay far below 4 GiB (`maxBytes`); past it, a `RangeError`.
 * @internal
 */
export function storedZip(files: readonly StoredZipFile[]): Blob {
  const parts: BlobPart[] = [];
  const directory: Uint8Array[] = [];
  let offset = 0;
  for (const { name, bytes } of files) {
    const encoded = new TextEncoder().encode(name);
    const crc = crc32(bytes);
    const common: Field[] = [[20, 2], [UTF8_NAMES, 2], [0, 2], [0, 2], [DOS_DATE_1980, 2], [crc, 4], [bytes.byteLength, 4], [bytes.byteLength, 4], [encoded.byteLength, 2], [0, 2]];
    parts.push(record([[0x04034b50, 4], ...common], encoded), bytes as Uint8Array<ArrayBuffer>);
    directory.push(record([[0x02014b50, 4], [20, 2], ...common, [0, 2], [0, 2], [0, 2], [0, 4], [offset, 4]], encoded));
    offset += 30 + encoded.byteLength + bytes.byteLength;
    if (offset > MAX_OFFSET) throw new RangeError('storedZip: more than 4 GiB of files; this writer has no ZIP64.');
  }
  const size = directory.reduce((total, entry) => total + entry.byteLength, 0);
  const end = record([[0x06054b50, 4], [0, 2], [0, 2], [files.length, 2], [files.length, 2], [size, 4], [offset, 4], [0, 2]], new Uint8Array(0));
  return new Blob([...parts, ...directory as Uint8Array<ArrayBuffer>[], end as Uint8Array<ArrayBuffer>], { type: 'application/zip' });
}

/** A little-endian field of a ZIP record: its value and width in bytes. */
type Field = readonly [value: number, width: 2 | 4];

function record(fields: readonly Field[], name: Uint8Array): Uint8Array<ArrayBuffer> {
  const size = fields.reduce((total, [, width]) => total + width, 0);
  const out = new Uint8Array(size + name.byteLength);
  const view = new DataView(out.buffer);
  let at = 0;
  for (const [value, width] of fields) {
    if (width === 2) view.setUint16(at, value, true);
    else view.setUint32(at, value, true);
    at += width;
  }
  out.set(name, size);
  return out;
}

let table: Uint32Array | undefined;

/** CRC-32 (ZIP's, reflected 0xEDB88320) of the bytes. */
function crc32(bytes: Uint8Array): number {
  table ??= Uint32Array.from({ length: 256 }, (_, index) => {
    let value = index;
    for (let bit = 0; bit < 8; bit++) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
    return value >>> 0;
  });
  let crc = 0xffffffff;
  for (let at = 0; at < bytes.length; at++) crc = table[(crc ^ bytes[at]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
