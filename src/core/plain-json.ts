import { ConvologError } from './error.js';

/** Keys that never survive a copy of untrusted data: they are how prototype pollution gets in. @internal */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** How deep untrusted data may nest. Real messages nest a handful of levels; 10,000 is an attack. */
export const MAX_JSON_DEPTH = 512;

/**
 * A deep copy of untrusted data as plain JSON values: plain objects and arrays only, forbidden
 * keys dropped, functions, symbols and `undefined` left out. Iterative, so hostile nesting cannot
 * overflow the stack; deeper than {@link MAX_JSON_DEPTH} throws `invalid_history`.
 * @internal
 */
export function toPlainJson(input: unknown, code: 'invalid_history' | 'invalid_message' = 'invalid_history'): unknown {
  const root: { value: unknown } = { value: undefined };
  const stack: { source: unknown; target: Record<string, unknown> | unknown[]; key: string | number; depth: number }[] = [
    { source: input, target: root as unknown as Record<string, unknown>, key: 'value', depth: 0 },
  ];
  while (stack.length > 0) {
    const { source, target, key, depth } = stack.pop()!;
    const copy = copyShallow(source);
    if (copy === SKIP) continue;
    (target as Record<string | number, unknown>)[key] = copy;
    if (typeof copy !== 'object' || copy === null) continue;
    if (depth >= MAX_JSON_DEPTH) {
      throw new ConvologError({
        code,
        message: `The data nests more than ${MAX_JSON_DEPTH} levels deep; no chat message does. Refusing it as malformed or hostile.`,
      });
    }
    if (Array.isArray(copy)) {
      const array = source as unknown[];
      for (let index = 0; index < array.length; index++) {
        stack.push({ source: array[index], target: copy, key: index, depth: depth + 1 });
      }
      continue;
    }
    for (const name of Object.keys(source as object)) {
      if (FORBIDDEN_KEYS.has(name)) continue;
      stack.push({ source: (source as Record<string, unknown>)[name], target: copy as Record<string, unknown>, key: name, depth: depth + 1 });
    }
  }
  return root.value;
}

const SKIP = Symbol('skip');

function copyShallow(value: unknown): unknown {
  if (value === null) return null;
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return value;
    case 'object':
      if (Array.isArray(value)) return new Array<unknown>(value.length).fill(null);
      return {};
    default:
      return SKIP; // undefined, functions, symbols, bigints: not JSON
  }
}
