// The bench's ZIPs, written once into bench/.tmp/zip/ with fflate's streaming Zip (reused when
// present): synthetic.zip, a ChatGPT-like export (~90 × 2 MB random "images" stored, then a
// 20 MB conversations.json deflated, last, so reading it alone is a real seek), and bomb.zip,
// one entry of 1 GB of zeros deflated to about 1 MB.
import { randomFillSync } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

export const IMAGE_COUNT = 90;
export const IMAGE_BYTES = 2 * 1024 * 1024;
export const CONVERSATIONS_BYTES = 20 * 1024 * 1024;
export const BOMB_BYTES = 1024 * 1024 * 1024;

function writeZip(path, fill) {
  if (existsSync(path)) return statSync(path).size;
  const partial = `${path}.partial`;
  const file = openSync(partial, 'w');
  let finished = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) throw error;
    writeSync(file, chunk);
    finished = final;
  });
  fill(zip);
  zip.end();
  closeSync(file);
  if (!finished) throw new Error(`${path}: the ZIP did not end`);
  renameSync(partial, path);
  return statSync(path).size;
}

/** Text shaped like ChatGPT's conversations.json: repetitive JSON, deflating about 5–10×. */
function conversationsJson(bytes) {
  const words = ['the', 'model', 'answer', 'question', 'code', 'function', 'return', 'value', 'image', 'file'];
  const parts = [];
  let length = 0;
  for (let index = 0; length < bytes; index++) {
    const text = Array.from({ length: 12 }, (_, word) => words[(index * 31 + word * 7) % 10]).join(' ');
    const part = `{"id":"${index.toString(36)}","author":{"role":"${index % 2 ? 'assistant' : 'user'}"},"content":{"parts":["${text} ${index}"]}},`;
    parts.push(part);
    length += part.length;
  }
  return new TextEncoder().encode(`[${parts.join('')}{}]`);
}

export function makeFixtures(directory) {
  mkdirSync(directory, { recursive: true });
  const synthetic = writeZip(join(directory, 'synthetic.zip'), (zip) => {
    const image = new Uint8Array(IMAGE_BYTES);
    for (let index = 0; index < IMAGE_COUNT; index++) {
      randomFillSync(image);
      const entry = new ZipPassThrough(`file-${String(index).padStart(4, '0')}.png`);
      zip.add(entry);
      entry.push(image.slice(), true);
    }
    const conversations = new ZipDeflate('conversations.json', { level: 6 });
    zip.add(conversations);
    conversations.push(conversationsJson(CONVERSATIONS_BYTES), true);
  });
  const bomb = writeZip(join(directory, 'bomb.zip'), (zip) => {
    const zeros = new Uint8Array(16 * 1024 * 1024);
    const entry = new ZipDeflate('conversations.json', { level: 9 });
    zip.add(entry);
    for (let written = 0; written < BOMB_BYTES; written += zeros.length) entry.push(zeros, written + zeros.length >= BOMB_BYTES);
  });
  return { synthetic, bomb };
}
