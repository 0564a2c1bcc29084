import { ConvologError } from '../../core/error.js';

/** The default `maxBytes` of an import: 64 MiB. @internal */
export const DEFAULT_MAX_IMPORT_BYTES = 64 * 1024 * 1024;

/**
 * Refuses input larger than `maxBytes` with `too_large`, before anything is parsed or copied:
 * the UTF-8 size of a string, or about the JSON size of a parsed value, with an early exit at
 * the limit so a huge (or cyclic) input costs no more than the limit to measure.
 * @internal
 */
export function checkImportSize(input: unknown, maxBytes: number): void {
  const size = typeof input === 'string' ? utf8Length(input, maxBytes) : jsonSize(input, maxBytes);
  if (size <= maxBytes) return;
  throw importTooLarge(maxBytes);
}

/** The `too_large` of an import over `maxBytes`. @internal */
export function importTooLarge(maxBytes: number): ConvologError {
  return new ConvologError({
    code: 'too_large',
    message: `The import is larger than the limit of ${maxBytes} bytes. Raise maxBytes if you trust the source, or split the conversation.`,
    details: { maxBytes },
  });
}

function utf8Length(text: string, limit: number): number {
  // Every UTF-16 unit is 1 to 3 UTF-8 bytes: only the middle ground needs counting.
  if (text.length > limit) return text.length;
  if (text.length * 3 <= limit) return text.length;
  let bytes = 0;
  for (let index = 0; index < text.length && bytes <= limit; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}

function jsonSize(value: unknown, limit: number): number {
  let size = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && size <= limit) {
    const current = stack.pop();
    if (typeof current === 'string') size += current.length + 2;
    else if (typeof current !== 'object' || current === null) size += 8;
    else if (Array.isArray(current)) {
      size += 2 + current.length;
      for (const item of current) stack.push(item);
    } else {
      size += 2;
      for (const key of Object.keys(current)) {
        size += key.length + 4;
        stack.push((current as Record<string, unknown>)[key]);
      }
    }
  }
  return size;
}
