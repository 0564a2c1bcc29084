import type { Entry } from '../../core/entry.js';
import { ConvologError } from '../../core/error.js';
import { entryTime } from '../database/search-keys.js';

/**
 * Where an entry sits in the order of search hits: newest first by time, then seq, then
 * conversation id (descending), the order of the index's keys walked backwards. A cursor is the
 * position of the last hit of a page.
 * @internal
 */
export interface SearchPosition {
  /** The entry's timestamp in milliseconds. */
  time: number;
  seq: number;
  conversationId: string;
}

/** Where an entry (or a hit, which names the same fields) sits in hit order. @internal */
export function positionOf(entry: Pick<Entry, 'timestamp' | 'seq' | 'conversationId'>): SearchPosition {
  return { time: entryTime(entry), seq: entry.seq, conversationId: entry.conversationId };
}

/** Negative when `left` comes after `right` in hit order (is older), positive when before, 0 when the same entry. @internal */
export function comparePositions(left: SearchPosition, right: SearchPosition): number {
  if (left.time !== right.time) return left.time - right.time;
  if (left.seq !== right.seq) return left.seq - right.seq;
  return left.conversationId < right.conversationId ? -1 : left.conversationId > right.conversationId ? 1 : 0;
}

// A version tag, so a cursor of a later format is refused rather than misread.
const CURSOR_VERSION = 's1';

/** The `nextCursor` for a page whose last hit is at `position`: opaque to callers. @internal */
export function encodeCursor(position: SearchPosition): string {
  return `${CURSOR_VERSION}.${position.time}.${position.seq}.${encodeURIComponent(position.conversationId)}`;
}

/** The position a cursor names; `invalid_cursor` for anything no search returned (never a silent first page). @internal */
export function decodeCursor(cursor: unknown): SearchPosition {
  const match = typeof cursor === 'string' ? CURSOR_PATTERN.exec(cursor) : null;
  if (match === null) throw invalidCursor(cursor);
  const time = Number(match[1]);
  const seq = Number(match[2]);
  if (!Number.isSafeInteger(time) || !Number.isSafeInteger(seq) || seq < 1) throw invalidCursor(cursor);
  try {
    return { time, seq, conversationId: decodeURIComponent(match[3]!) };
  } catch {
    throw invalidCursor(cursor);
  }
}

// The conversation id comes last, so the dots it may contain are its own.
const CURSOR_PATTERN = new RegExp(`^${CURSOR_VERSION}\\.(-?\\d{1,16})\\.(\\d{1,16})\\.(.*)$`, 's');

function invalidCursor(cursor: unknown): ConvologError {
  return new ConvologError({
    code: 'invalid_cursor',
    message: `search: ${typeof cursor === 'string' ? `"${cursor.slice(0, 80)}"` : String(cursor)} is not a search cursor. ` +
      'Pass the nextCursor of a previous search result unchanged, or leave cursor out for the first page.',
    details: { cursor },
  });
}
