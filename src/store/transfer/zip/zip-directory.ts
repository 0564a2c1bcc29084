import { invalidArchive } from './invalid-archive.js';

/** One file of a ZIP, as its central directory describes it. @internal */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** The inflated size the directory declares: the reader holds every entry to it. */
  size: number;
  headerOffset: number;
}

const END = 0x06054b50;
const END_SIZE = 22;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;
const ZIP64_EXTRA = 0x0001;

/**
 * The entries of a ZIP held in a Blob, read from its central directory (end record at the tail,
 * ZIP64 end record and extra fields where a size or offset is 0xffffffff), never by walking local
 * headers: one entry is then read by slicing the Blob where the directory says it is. Refuses
 * (`invalid_archive`) a file that is empty or has no ZIP magic (`not_zip`), a cut-off one
 * (`truncated`: no end record, or a directory past the end), and any entry whose name could
 * escape its folder (`entry_name`: `..`, an absolute or drive path, a backslash, a NUL).
 * @internal
 */
export async function readZipDirectory(blob: Blob): Promise<ZipEntry[]> {
  if (blob.size === 0) throw invalidArchive('empty', 'The file is empty (0 bytes): pick the export file again.');
  const head = await view(blob, 0, Math.min(4, blob.size));
  if (head.byteLength < 4 || head.getUint32(0, true) !== LOCAL) {
    throw invalidArchive('not_zip', 'The file is not a ZIP archive (it does not start with PK\\x03\\x04).');
  }
  const tailStart = Math.max(0, blob.size - END_SIZE - MAX_COMMENT);
  const tail = await view(blob, tailStart, blob.size);
  let end = tail.byteLength - END_SIZE;
  while (end >= 0 && tail.getUint32(end, true) !== END) end--;
  if (end < 0) throw truncated('it has no end of central directory');
  let count = tail.getUint16(end + 10, true);
  let size = tail.getUint32(end + 12, true);
  let offset = tail.getUint32(end + 16, true);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    ({ count, size, offset } = await zip64End(blob, tailStart + end));
  }
  if (offset + size > blob.size) throw truncated('its central directory lies past the end of the file');
  return parseDirectory(await view(blob, offset, offset + size), count, blob.size);
}

async function zip64End(blob: Blob, endAt: number): Promise<{ count: number; size: number; offset: number }> {
  const locator = endAt >= 20 ? await view(blob, endAt - 20, endAt) : undefined;
  if (locator === undefined || locator.getUint32(0, true) !== ZIP64_LOCATOR) throw truncated('its ZIP64 end record locator is missing');
  const at = uint64(locator, 8);
  if (at + 56 > blob.size) throw truncated('its ZIP64 end record lies past the end of the file');
  const record = await view(blob, at, at + 56);
  if (record.getUint32(0, true) !== ZIP64_END) throw truncated('its ZIP64 end record is not where the locator says');
  return { count: uint64(record, 32), size: uint64(record, 40), offset: uint64(record, 48) };
}

function parseDirectory(directory: DataView, count: number, fileSize: number): ZipEntry[] {
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  for (let at = 0, index = 0; index < count; index++) {
    if (at + 46 > directory.byteLength || directory.getUint32(at, true) !== CENTRAL) throw truncated(`its central directory ends before entry ${index}`);
    const nameLength = directory.getUint16(at + 28, true);
    const extraLength = directory.getUint16(at + 30, true);
    const next = at + 46 + nameLength + extraLength + directory.getUint16(at + 32, true);
    if (next > directory.byteLength) throw truncated(`its central directory ends inside entry ${index}`);
    const name = decoder.decode(new Uint8Array(directory.buffer, directory.byteOffset + at + 46, nameLength));
    checkName(name);
    const entry: ZipEntry = {
      name, method: directory.getUint16(at + 10, true), compressedSize: directory.getUint32(at + 20, true),
      size: directory.getUint32(at + 24, true), headerOffset: directory.getUint32(at + 42, true),
    };
    readZip64Extra(new DataView(directory.buffer, directory.byteOffset + at + 46 + nameLength, extraLength), entry);
    if (entry.headerOffset + 30 + entry.compressedSize > fileSize) throw truncated(`the data of "${name}" lies past the end of the file`);
    entries.push(entry);
    at = next;
  }
  return entries;
}

/** ZIP64: the sizes and offset that are 0xffffffff in the record come, in this order, from extra field 0x0001. */
function readZip64Extra(extra: DataView, entry: ZipEntry): void {
  for (let at = 0; at + 4 <= extra.byteLength;) {
    const id = extra.getUint16(at, true);
    const length = extra.getUint16(at + 2, true);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const take = (): number => {
        if (field + 8 > at + 4 + length) throw truncated(`the ZIP64 field of "${entry.name}" is too short`);
        const value = uint64(extra, field);
        field += 8;
        return value;
      };
      if (entry.size === 0xffffffff) entry.size = take();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = take();
      if (entry.headerOffset === 0xffffffff) entry.headerOffset = take();
      return;
    }
    at += 4 + length;
  }
}

/** A name that could leave its folder where the archive is unpacked is refused, whatever this build does with it. */
function checkName(name: string): void {
  const escapes = name === '' || name.startsWith('/') || name.includes('\\') || name.includes('\0') || /^[A-Za-z]:/.test(name) ||
    name.split('/').some((segment) => segment === '..');
  if (!escapes) return;
  throw invalidArchive('entry_name', `The ZIP holds an entry named ${JSON.stringify(name)}, which escapes its folder: this is not a convolog export, or it was tampered with.`, { entry: name });
}

/** A little-endian 64-bit count, exact up to 2^53 (a Blob is never larger). */
function uint64(data: DataView, at: number): number {
  return data.getUint32(at, true) + data.getUint32(at + 4, true) * 0x100000000;
}

function truncated(what: string) {
  return invalidArchive('truncated', `The ZIP is cut off or damaged: ${what}. Download or copy the export again.`);
}

async function view(blob: Blob, start: number, end: number): Promise<DataView> {
  return new DataView(await blob.slice(start, end).arrayBuffer());
}
