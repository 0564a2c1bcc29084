// A ~200 MB ChatGPT-shaped export ZIP for bench/importers/zip-import.mjs, written once into
// bench/.tmp/importers/ with fflate's streaming Zip (reused when present): IMAGE_COUNT random 2 MB
// "PNGs" stored as `file-img<n>-photo<n>.png`, then conversations.json deflated: CONVERSATIONS
// conversations of MESSAGES messages, the first IMAGE_COUNT each opening with an image pointer
// (`file-service://file-img<n>`), the shapes of a real export (root node, mapping, current_node).
import { randomFillSync } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

export const IMAGE_COUNT = 95;
export const IMAGE_BYTES = 2 * 1024 * 1024;
export const CONVERSATIONS = 2000;
export const MESSAGES = 20;

function message(id, role, parts, time) {
  return { id, author: { role, name: null, metadata: {} }, create_time: time, update_time: null,
    content: { content_type: parts.some((part) => typeof part !== 'string') ? 'multimodal_text' : 'text', parts },
    status: 'finished_successfully', end_turn: null, weight: 1, metadata: {}, recipient: 'all', channel: null };
}

function conversation(index) {
  const mapping = { root: { id: 'root', message: null, parent: null, children: [] } };
  let parent = 'root';
  for (let turn = 0; turn < MESSAGES; turn++) {
    const id = `m${turn}`;
    const role = turn % 2 === 0 ? 'user' : 'assistant';
    const text = `Message ${turn} of conversation ${index}: the train leaves Oslo at nine and reaches Bergen by evening through the mountains.`;
    const parts = turn === 0 && index < IMAGE_COUNT
      ? [{ content_type: 'image_asset_pointer', asset_pointer: `file-service://file-img${index}`, size_bytes: IMAGE_BYTES }, text] : [text];
    mapping[id] = { id, message: message(id, role, parts, 1_700_000_000 + index * 3600 + turn), parent, children: [] };
    mapping[parent].children.push(id);
    parent = id;
  }
  return { title: `Trip ${index}`, create_time: 1_700_000_000 + index * 3600, update_time: 1_700_000_000 + index * 3600 + MESSAGES,
    mapping, current_node: parent, conversation_id: `conv-${index}`, id: `conv-${index}`, default_model_slug: 'gpt-4o' };
}

export function makeZipImportFixture(directory) {
  mkdirSync(directory, { recursive: true });
  const path = join(directory, 'chatgpt-200mb.zip');
  const json = new TextEncoder().encode(JSON.stringify(Array.from({ length: CONVERSATIONS }, (_, index) => conversation(index))));
  if (existsSync(path)) return { path, size: statSync(path).size, conversationsBytes: json.byteLength };
  const partial = `${path}.partial`;
  const file = openSync(partial, 'w');
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    writeSync(file, chunk);
  });
  const image = new Uint8Array(IMAGE_BYTES);
  for (let index = 0; index < IMAGE_COUNT; index++) {
    randomFillSync(image);
    image.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const entry = new ZipPassThrough(`file-img${index}-photo${index}.png`);
    zip.add(entry);
    entry.push(image.slice(), true);
  }
  const conversations = new ZipDeflate('conversations.json', { level: 6 });
  zip.add(conversations);
  conversations.push(json, true);
  zip.end();
  closeSync(file);
  renameSync(partial, path);
  return { path, size: statSync(path).size, conversationsBytes: json.byteLength };
}
