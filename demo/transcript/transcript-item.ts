// What the transcript holds per seq: an entry it read, or a record it could not read.
import type { Entry } from '../../src/index.js';

/** A record `entries` could not read (reported by `onCorrupt`). */
export interface CorruptItem { type: 'corrupt'; seq: number; error: unknown }

/** One loaded position of the log. */
export type TranscriptItem = Entry | CorruptItem;
