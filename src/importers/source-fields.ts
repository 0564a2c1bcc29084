import { ConvologError } from '../core/error.js';
import { isJsonObject } from '../core/is-json-object.js';

/** A path into the source file, for `invalid_history` errors. */
export type SourcePath = (string | number)[];

/** `invalid_history` at `path`, with a message that says what to do. @internal */
export function invalidSource(path: SourcePath, message: string): ConvologError {
  return new ConvologError({ code: 'invalid_history', path, message: `${message} (at ${describePath(path)}).` });
}

/** `value` as a record, or `invalid_history` naming what was expected there. @internal */
export function requireRecord(value: unknown, path: SourcePath, what: string): Record<string, unknown> {
  if (isJsonObject(value)) return value;
  throw invalidSource(path, `Expected ${what}, found ${describeValue(value)}`);
}

/** `value` as an array, or `invalid_history`. @internal */
export function requireArray(value: unknown, path: SourcePath, what: string): unknown[] {
  if (Array.isArray(value)) return value;
  throw invalidSource(path, `Expected ${what}, found ${describeValue(value)}`);
}

/** `value` as a string; `undefined` and `null` give `undefined`; anything else is `invalid_history`. @internal */
export function optionalString(value: unknown, path: SourcePath, what: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  throw invalidSource(path, `Expected ${what} to be text, found ${describeValue(value)}`);
}

/** `value` as text, or `invalid_history`: a message's text is never a number or an object. @internal */
export function requireString(value: unknown, path: SourcePath, what: string): string {
  if (typeof value === 'string') return value;
  throw invalidSource(path, `Expected ${what} to be text, found ${describeValue(value)}`);
}

/** A non-empty id (a string, or a number written as one), or `invalid_history`. @internal */
export function requireId(value: unknown, path: SourcePath, what: string): string {
  if (typeof value === 'string' && value.length > 0) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw invalidSource(path, `Expected ${what} to be a non-empty id, found ${describeValue(value)}`);
}

/** A short description of a value for an error message ("a number", "null", "an object"). @internal */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

function describePath(path: SourcePath): string {
  if (path.length === 0) return 'the top level';
  return path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`)).join('').replace(/^\./, '');
}
