import { ConvologError } from '../core/error.js';

/** Where one element of the top-level array sits in the text: `text.slice(start, end)`. */
export interface ElementSpan { start: number; end: number }

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;

/**
 * Whether the text's first non-blank character opens an array (a byte-order mark is skipped).
 * @internal
 */
export function startsWithArray(text: string): boolean {
  return text.charCodeAt(firstSignificant(text, 0)) === OPEN_BRACKET;
}

/**
 * The elements of a top-level JSON array, one span at a time, without parsing the whole text:
 * a 100 MB export is read conversation by conversation, so the parsed copy of only one is alive
 * at a time. The scan tracks strings and nesting (iteratively, so depth cannot overflow a stack)
 * and checks the array's own punctuation; each element's syntax is checked when it is parsed.
 * Throws `invalid_history` when the text is no array or its brackets or strings do not close.
 * @internal
 */
export function* scanTopLevelArray(text: string): Generator<ElementSpan> {
  let position = firstSignificant(text, 0);
  if (text.charCodeAt(position) !== OPEN_BRACKET) throw malformed([], 'The file is not a JSON array of conversations');
  position = firstSignificant(text, position + 1);
  if (text.charCodeAt(position) === CLOSE_BRACKET) return expectEnd(text, position + 1);
  for (let index = 0; ; index++) {
    const end = skipValue(text, position, index);
    yield { start: position, end };
    position = firstSignificant(text, end);
    const next = text.charCodeAt(position);
    if (next === CLOSE_BRACKET) return expectEnd(text, position + 1);
    if (next !== COMMA) throw malformed([index], `Expected "," or "]" after conversation ${index} (character ${position})`);
    position = firstSignificant(text, position + 1);
  }
}

/** How many elements the top-level array holds (a quick scan: for progress over conversations). @internal */
export function countTopLevelArray(text: string): number {
  let count = 0;
  for (const _span of scanTopLevelArray(text)) count++;
  return count;
}

/** The end of the value starting at `start`: a string, a container, or a bare literal/number. */
function skipValue(text: string, start: number, index: number): number {
  const first = text.charCodeAt(start);
  if (first === QUOTE) return skipString(text, start, index);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) return skipLiteral(text, start, index);
  let depth = 0;
  for (let position = start; position < text.length; position++) {
    const code = text.charCodeAt(position);
    if (code === QUOTE) { position = skipString(text, position, index) - 1; continue; }
    if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
    else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return position + 1;
    }
  }
  throw malformed([index], `Conversation ${index} does not end: the file is cut off or its brackets do not close`);
}

function skipString(text: string, start: number, index: number): number {
  for (let position = start + 1; position < text.length; position++) {
    const code = text.charCodeAt(position);
    if (code === BACKSLASH) { position++; continue; }
    if (code === QUOTE) return position + 1;
  }
  throw malformed([index], `A string in conversation ${index} does not end: the file is cut off`);
}

function skipLiteral(text: string, start: number, index: number): number {
  let position = start;
  while (position < text.length && /[\w.+-]/.test(text[position]!)) position++;
  if (position === start) throw malformed([index], `Unexpected character ${JSON.stringify(text[start] ?? '')} at ${start}`);
  return position;
}

function firstSignificant(text: string, from: number): number {
  let position = from;
  while (position < text.length) {
    const code = text.charCodeAt(position);
    if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09 && code !== 0xfeff) break;
    position++;
  }
  return position;
}

function expectEnd(text: string, position: number): void {
  if (firstSignificant(text, position) < text.length) throw malformed([], 'Unexpected text after the closing "]" of the array');
}

function malformed(path: (string | number)[], message: string): ConvologError {
  return new ConvologError({ code: 'invalid_history', path, message: `${message}. Nothing was imported from it.` });
}
