import { estimateMessageTokens, type TokenEstimator } from './estimate-tokens.js';
import type { Message } from './message.js';

/**
 * Where to cut a history for compaction: the index of the first message to keep verbatim.
 *
 * Walking back from the end, it finds the largest index `i` whose tail `messages[i..]`
 * estimates to at least `tailTokens`, then snaps back to the nearest user message at or before
 * `i`. A user message never sits inside a tool window, so the cut never separates a call from
 * its results. Returns `null` when nothing is worth folding: the whole history estimates to
 * less than `tailTokens` (a `NaN` or infinite budget is never reached either), or the snapped
 * boundary is index 0 (there is nothing before it to summarize), or there is no user message
 * at or before `i`. A budget of 0 or less keeps only the last user turn.
 *
 * One backward pass that stops at the cut: O(kept tail).
 *
 * @example
 * const cut = planCut(messages, 20_000)
 * if (cut !== null) summarize(buildCompactionDigest(messages.slice(0, cut)))
 */
export function planCut(
  messages: readonly Message[],
  tailTokens: number,
  options: { estimate?: TokenEstimator } = {},
): number | null {
  const estimate = options.estimate ?? estimateMessageTokens;
  let tail = 0;
  let index = messages.length - 1;
  for (; index >= 0; index--) {
    tail += estimate(messages[index] as Message);
    if (tail >= tailTokens) break;
  }
  if (index < 0) return null;
  for (; index > 0; index--) {
    if ((messages[index] as Message).role === 'user') return index;
  }
  return null;
}
