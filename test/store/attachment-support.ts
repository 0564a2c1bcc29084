// Shared by the attachment tests (not a test file itself): bytes, hashes, a settable clock and a
// raw look at the attachment stores behind the store's back.
import { openDB } from 'idb';

/** `size` deterministic bytes, different for each `seed`. */
export function bytesOf(size: number, seed = 1): Uint8Array {
  const bytes = new Uint8Array(size);
  let state = seed * 2654435761 >>> 0;
  for (let index = 0; index < size; index++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}

/** SHA-256 hex computed here, independently of the store's code path. */
export async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Standard base64 of `bytes`. */
export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A clock the test moves: `clock.now` is the option, `clock.advance(ms)` moves it. */
export function settableClock(start = Date.UTC(2026, 0, 1)) {
  let time = start;
  return { now: () => new Date(time), advance(ms: number) { time += ms; } };
}

export const HOUR = 60 * 60 * 1000;

/** What the attachment object stores hold, read raw: metadata ids, chunk count and bytes, reference rows. */
export async function attachmentStores(name: string): Promise<{ ids: string[]; chunks: number; chunkBytes: number; refs: unknown[]; chunkTypes: string[] }> {
  const raw = await openDB(name);
  try {
    const ids = (await raw.getAllKeys('attachments')) as string[];
    const chunks = (await raw.getAll('attachmentChunks')) as { bytes: unknown }[];
    const refs = await raw.getAll('attachmentRefs');
    return {
      ids: ids.sort(),
      chunks: chunks.length,
      chunkBytes: chunks.reduce((total, chunk) => total + (chunk.bytes as ArrayBuffer).byteLength, 0),
      chunkTypes: [...new Set(chunks.map((chunk) => Object.prototype.toString.call(chunk.bytes)))],
      refs,
    };
  } finally {
    raw.close();
  }
}

/** Whether two byte arrays hold the same bytes (vitest's deep equality walks megabytes slowly). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}
