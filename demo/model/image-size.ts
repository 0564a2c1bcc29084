// The pixel size of an image from the first bytes of its file, as its format's header states it
// (PNG, GIF, JPEG, WebP): no decoding, so a 20 MB photo costs a 256 KB read, not a bitmap.

/** Bytes read from the start of a file: past any JPEG's EXIF block and embedded thumbnail. */
export const IMAGE_HEADER_BYTES = 256 * 1024;

/** Width and height in pixels. */
export interface PixelSize { width: number; height: number }

/** The size the header of `bytes` states, or `undefined` for another format or a broken header. */
export function imageSize(bytes: Uint8Array): PixelSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return { width: view.getUint32(16), height: view.getUint32(20) };
    if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
    if (startsWith(bytes, [0xff, 0xd8])) return jpegSize(view);
    if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webpSize(bytes, view);
  } catch {
    return undefined; // a header cut short: a RangeError from the view
  }
  return undefined;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

/** The first start-of-frame marker's size (SOF0–SOF15, not DHT, JPG or DAC, which share the range). */
function jpegSize(view: DataView): PixelSize | undefined {
  let offset = 2;
  while (offset + 9 < view.byteLength) {
    if (view.getUint8(offset) !== 0xff) return undefined;
    const marker = view.getUint8(offset + 1);
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    offset += 2 + view.getUint16(offset + 2);
  }
  return undefined;
}

function webpSize(bytes: Uint8Array, view: DataView): PixelSize | undefined {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ') return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    const width = (view.getUint32(24, true) & 0xffffff) + 1;
    const height = (view.getUint32(27, true) & 0xffffff) + 1;
    return { width, height };
  }
  return undefined;
}
