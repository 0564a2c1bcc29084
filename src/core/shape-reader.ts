import { excerpt } from './excerpt.js';
import { formatPath } from './format-path.js';
import { isJsonObject } from './is-json-object.js';

// Readers that check a value against a shape and return its clean copy, without zod. The paths
// every message and entry takes at run time (appending, reading the log, converting for a
// provider) read through these, so an app that does only that bundles no zod: zod and its schemas
// cost three times what this does (bench/RESULTS.md, figure 11). Each reader accepts exactly what
// the matching zod schema accepts and copies what it copies (test/core/parse-messages.test.ts and
// read-entry.test.ts hold them together); the schemas stay the public, documented contract.

/** A path into the value being read: keys and array indexes. @internal */
export type Path = readonly (string | number)[];

/** Checks one value at `path` and returns its clean copy, or throws {@link ShapeMismatch}. @internal */
export type Reader = (value: unknown, path: Path) => unknown;

/** The readers of an object's fields, by key; a key ending in `?` is optional. @internal */
export type Shape = Readonly<Record<string, Reader>>;

/** Where a value first differs from the shape it was read as, and how. @internal */
export class ShapeMismatch extends Error {
  declare readonly path: Path; // set by the constructor: no field initializer needed
  constructor(path: Path, problem: string) {
    super(`${formatPath(path)}: ${problem}`);
    this.path = path;
  }
}

/** `null`, `array`, or the `typeof` of a value, as zod names what it received. @internal */
export function describeValue(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** Refuses the value at `path`. @internal */
export function mismatch(path: Path, expected: string, received: unknown): never {
  const problem = received === 'system' && path.at(-1) === 'role'
    ? 'a history holds no system messages: send the system prompt as the adapter option `system`'
    : `expected ${expected}, received ${typeof received === 'string' ? JSON.stringify(excerpt(received)) : describeValue(received)}`;
  throw new ShapeMismatch(path, problem);
}

/** Any value, kept as it is (an opaque `value`, the state inside `providerData`). @internal */
export const unknown: Reader = (value) => value;

/** A value that passes `test`, kept as it is; `expected` names it in the refusal. @internal */
export function checked(test: (value: unknown) => boolean, expected: string): Reader {
  return (value, path) => (test(value) ? value : mismatch(path, expected, value));
}

/** Any string. @internal */
export const string: Reader = /* @__PURE__ */ checked((value) => typeof value === 'string', 'string');

/** A string of at least one character. @internal */
export const nonEmptyString: Reader = /* @__PURE__ */ checked((value) => typeof value === 'string' && value !== '', 'a non-empty string');

/** zod's plain object test for records: no array, no class instance (a `Date`), prototype-less objects allowed. */
function isPlainRecord(value: unknown): value is Record<PropertyKey, unknown> {
  if (!isJsonObject(value)) return false;
  const { constructor } = value;
  if (typeof constructor !== 'function') return true;
  const prototype: unknown = constructor.prototype;
  return isJsonObject(prototype) && Object.hasOwn(prototype, 'isPrototypeOf');
}

/** A string-keyed record: own enumerable keys but `__proto__` (which no copy may carry), each value read by `read`. @internal */
export function record(read: Reader): Reader {
  return (value, path) => {
    if (!isPlainRecord(value)) return mismatch(path, 'record', value);
    const copy: Record<string, unknown> = {};
    for (const key of Reflect.ownKeys(value)) {
      if (key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(value, key)) continue;
      if (typeof key === 'symbol') return mismatch(path, 'string keys only', value);
      copy[key] = read(value[key], [...path, key]);
    }
    return copy;
  };
}

/**
 * An object with the fields of `shape`, in its order; unknown fields are left out. A key ending
 * in `?` is optional: absent, it stays absent; present, even as `undefined`, it is copied.
 * @internal
 */
export function object(shape: Shape): Reader {
  return (value, path) => {
    if (!isJsonObject(value)) return mismatch(path, 'object', value);
    const copy: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(shape)) {
      const name = key.replace('?', '');
      const present = name in value;
      if (name !== key && value[name] === undefined) {
        if (present) copy[name] = undefined;
        continue;
      }
      const fieldPath = [...path, name];
      copy[name] = read(value[name], fieldPath);
      // A required field must be there even when any value will do (the `value` of an `other` item).
      if (!present) mismatch(fieldPath, 'a value', undefined);
    }
    return copy;
  };
}

/** One of several objects, told apart by the string in their `tag` field. @internal */
export function oneOf(tag: string, options: Shape): Reader {
  return (value, path) => {
    if (!isJsonObject(value)) return mismatch(path, 'object', value);
    const kind = value[tag];
    if (typeof kind === 'string' && Object.hasOwn(options, kind)) return options[kind]!(value, path);
    return mismatch([...path, tag], Object.keys(options).map((option) => `\`${option}\``).join(' | '), kind);
  };
}

/** An array, each item read by `read`. @internal */
export function array(read: Reader): Reader {
  // Array.from visits holes too: a sparse array has `undefined` items, which are refused.
  return (value, path) => (Array.isArray(value) ? Array.from(value, (item: unknown, index) => read(item, [...path, index])) : mismatch(path, 'array', value));
}
