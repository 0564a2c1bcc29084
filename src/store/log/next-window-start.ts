import type { MessageEntry } from '../../core/entry.js';
import { toolCallIds } from './tool-call-ids.js';

/**
 * Where the trailing tool window starts once `entries` are appended (0: no window): the last
 * assistant message with calls, as long as nothing but tool messages follows it.
 * @internal
 */
export function nextWindowStart(windowStartSeq: number, entries: readonly MessageEntry[]): number {
  let start = windowStartSeq;
  for (const entry of entries) {
    if (entry.message.role === 'tool') continue;
    start = toolCallIds(entry.message).length > 0 ? entry.seq : 0;
  }
  return start;
}
