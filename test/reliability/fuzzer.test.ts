// The fuzzer's own contract: deterministic per (seed, index), valid bases, and every hostile
// shape issue 9 names actually produced. A fuzzer that silently stopped mutating would make
// scenario 7 pass for nothing.
import { describe, expect, it } from 'vitest';
import { EntrySchema } from '../../src/core/entry.js';
import { validate } from '../../src/core/validate.js';
import type { Message } from '../../src/core/message.js';
import { basesOf, fuzzCase, sampleExport, toJsonl, toJsonText } from './support/fuzzer.js';

const bases = basesOf(sampleExport(), 'sample');

describe('the hostile-import fuzzer', () => {
  it('starts from a valid, resumable export', () => {
    const exported = sampleExport() as { entries: unknown[] };
    // The sample is a format 1 export (it still imports): its log is linear, each entry's parent the one before.
    const entries = exported.entries.map((entry, index) => EntrySchema.parse({
      ...(entry as object), parentId: index === 0 ? null : (exported.entries[index - 1] as { id: string }).id,
    }));
    expect(entries.map((entry) => entry.seq)).toEqual(entries.map((_, index) => index + 1));
    const messages = entries.flatMap((entry) => (entry.type === 'message' ? [entry.message as Message] : []));
    expect(validate(messages, 'resumable')).toEqual([]);
    expect(toJsonl(sampleExport()).split('\n')).toHaveLength(exported.entries.length + 2);
  });

  it('makes the same case from the same seed and index', () => {
    for (const index of [0, 1, 977, 9999]) {
      const first = fuzzCase(1234, index, bases);
      const again = fuzzCase(1234, index, bases);
      expect(again.recipe).toEqual(first.recipe);
      expect(again.options).toEqual(first.options);
      expect(safeText(again.input)).toEqual(safeText(first.input));
    }
    expect(fuzzCase(1, 5, bases).recipe).not.toEqual(fuzzCase(2, 5, bases).recipe);
  });

  it('produces every hostile shape the issue names', () => {
    const seen = new Set<string>();
    let ownProtoKeys = 0;
    for (let index = 0; index < 3000; index++) {
      const fuzz = fuzzCase(42, index, bases);
      for (const step of fuzz.recipe) seen.add(step.replace(/^sample:/, 'base:'));
      if (hasOwnProtoKey(fuzz.input)) ownProtoKeys++;
    }
    for (const name of [
      'base:export', 'base:jsonl', 'base:history', 'proto_key', 'constructor_key', 'prototype_key', 'deep_nesting(10000)',
      'lone_surrogate', 'number_for_string', 'duplicate_entry_id', 'duplicate_tool_call_id', 'missing_reference',
      'text:truncate', 'text:proto_line',
    ]) expect(seen, name).toContain(name);
    expect(ownProtoKeys).toBeGreaterThan(50);
    const huge = fuzzCase(42, 7, bases, { hugeStringAt: new Set([7]) });
    expect(huge.recipe).toContain('huge_string(50MB)');
    expect(longestString(huge.input)).toBeGreaterThanOrEqual(50 * 1024 * 1024);
  });
});

function safeText(value: unknown): string {
  return toJsonText(value);
}

function hasOwnProtoKey(root: unknown): boolean {
  const stack = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (Object.prototype.hasOwnProperty.call(value, '__proto__')) return true;
    stack.push(...Object.values(value));
  }
  return false;
}

function longestString(root: unknown): number {
  if (typeof root === 'string') return root.length;
  let longest = 0;
  const stack = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') longest = Math.max(longest, value.length);
    else if (typeof value === 'object' && value !== null) stack.push(...Object.values(value));
  }
  return longest;
}
