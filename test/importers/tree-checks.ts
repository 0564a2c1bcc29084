// Checks every converted conversation must pass, whatever the source: the shape the store's v2
// import checks (parents earlier in the file, seqs 1..n, unique ids, a head that names an entry)
// and the pairing invariant on every branch.
import { expect } from 'vitest';
import { validate } from '../../src/core/validate.js';
import type { Message } from '../../src/core/message.js';
import type { ConversationExportV2, ImportedEntry } from '../../src/importers/index.js';

export function expectWellFormed(exported: ConversationExportV2): void {
  const position = new Map<string, number>();
  exported.entries.forEach((entry, index) => {
    expect(entry.seq).toBe(index + 1);
    expect(entry.conversationId).toBe(exported.conversation.id);
    expect(position.has(entry.id)).toBe(false);
    if (entry.parentId !== null) expect(position.has(entry.parentId), `parent of ${entry.id} comes earlier`).toBe(true);
    expect(new Date(entry.timestamp).toISOString()).toBe(entry.timestamp);
    position.set(entry.id, index);
  });
  if (exported.conversation.headId !== null) expect(position.has(exported.conversation.headId)).toBe(true);
  for (const leaf of leaves(exported)) expect(validate(pathTo(exported, leaf.id).map((entry) => entry.message), 'resumable')).toEqual([]);
}

export function leaves(exported: ConversationExportV2): ImportedEntry[] {
  const parents = new Set(exported.entries.map((entry) => entry.parentId));
  return exported.entries.filter((entry) => !parents.has(entry.id));
}

/** Root → entry, by parent links. */
export function pathTo(exported: ConversationExportV2, id: string): ImportedEntry[] {
  const byId = new Map(exported.entries.map((entry) => [entry.id, entry]));
  const path: ImportedEntry[] = [];
  for (let entry = byId.get(id); entry !== undefined; entry = entry.parentId === null ? undefined : byId.get(entry.parentId)) path.unshift(entry);
  return path;
}

/** The messages of the branch the head is on, as text lines ("user: …"). */
export function headTranscript(exported: ConversationExportV2): string[] {
  return pathTo(exported, exported.conversation.headId!).map((entry) => `${entry.message.role}: ${textOf(entry.message)}`);
}

export function textOf(message: Message): string {
  if (typeof message.content === 'string') return message.content;
  return message.content.map((block) => ('text' in block ? (block.type === 'reasoning' ? `(thinking: ${block.text})` : block.text) : `[${block.type}]`)).join(' | ');
}
