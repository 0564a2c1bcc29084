import { SUMMARY_PREFIX } from './build-context.js';
import type { Entry } from './entry.js';
import { estimateMessageTokens, type TokenEstimator } from './estimate-tokens.js';
import { isJsonObject } from './is-json-object.js';
import { keptTail } from './kept-tail.js';
import type { Message } from './message.js';
import { TURN_ENVELOPE_KEY } from './turn-envelope.js';

/** How big a context is, and whether a provider's own count is the base of the figure. */
export interface ContextTokens {
  /** The context's size in tokens: the provider's count plus an estimate of what followed it, or all estimated. */
  tokens: number;
  /** `true` when a turn envelope's reported usage is the base; `false` when every message was estimated. */
  measured: boolean;
}

/** Options of {@link contextTokens}. */
export interface ContextTokensOptions {
  /** The token estimate per message for what no usage covers. Default `estimateMessageTokens`. */
  estimate?: TokenEstimator;
}

/**
 * The size of the context a conversation sends next, calibrated by what the provider reported.
 *
 * Takes a conversation's entries (the context is what `buildContext` sends: the last
 * compaction's summary and the kept tail) or the context's messages themselves. The last
 * assistant message whose turn envelope (`appData['convolog.turn']`) reports usage gives the
 * base, its input plus output tokens (for Anthropic, whose input count leaves cached tokens out,
 * plus the cache reads and writes): that is the whole request the provider counted, system
 * prompt and tool definitions included, plus the reply. Only the messages after it are
 * estimated, and the result is `measured`. Without such a message every message is estimated
 * (the summary included) and nothing outside the messages is counted.
 *
 * A usage reported before the compaction in force no longer describes the context (it counted
 * the messages that were folded away), so it is not used: with entries, only assistant messages
 * appended after the last compaction entry count; with plain messages that start with a
 * compaction summary, no usage counts, since nothing says which turns came after the
 * compaction. Pass entries to get a measured figure after a compaction.
 *
 * One backward pass to the base, then the estimate of what follows: O(messages after the base).
 *
 * @example
 * const { tokens, measured } = contextTokens(await store.entries(id))
 * meter.textContent = `${measured ? '' : '~'}${tokens} / 128000 tokens`
 */
export function contextTokens(
  source: readonly Entry[] | readonly Message[],
  options: ContextTokensOptions = {},
): ContextTokens {
  const estimate = options.estimate ?? estimateMessageTokens;
  const { messages, measurableFrom } = isEntryList(source) ? fromEntries(source) : fromMessages(source);
  for (let index = messages.length - 1; index >= measurableFrom; index--) {
    const message = messages[index] as Message;
    const base = message.role === 'assistant' ? reportedTokens(message) : undefined;
    if (base === undefined) continue;
    return { tokens: base + estimateAll(messages, index + 1, estimate), measured: true };
  }
  return { tokens: estimateAll(messages, 0, estimate), measured: false };
}

interface Context {
  messages: readonly Message[];
  /** The first index whose usage may be trusted. */
  measurableFrom: number;
}

function isEntryList(source: readonly Entry[] | readonly Message[]): source is readonly Entry[] {
  const first = source[0] as Entry | Message | undefined;
  return first !== undefined && 'type' in first && (first.type === 'message' || first.type === 'compaction');
}

function fromEntries(entries: readonly Entry[]): Context {
  const { compaction, entries: kept } = keptTail(entries);
  const messages: Message[] = [];
  if (compaction !== undefined) messages.push({ role: 'user', content: SUMMARY_PREFIX + compaction.summary });
  let measurableFrom = 0;
  for (const entry of kept) {
    // Kept messages written before the compaction carry usage that counted what it folded away.
    if (compaction !== undefined && entry.seq < compaction.seq) measurableFrom = messages.length + 1;
    messages.push(entry.message);
  }
  return { messages, measurableFrom };
}

function fromMessages(messages: readonly Message[]): Context {
  const first = messages[0];
  const summarized = first?.role === 'user' && typeof first.content === 'string' && first.content.startsWith(SUMMARY_PREFIX);
  return { messages, measurableFrom: summarized ? messages.length : 0 };
}

function estimateAll(messages: readonly Message[], from: number, estimate: TokenEstimator): number {
  let total = 0;
  for (let index = from; index < messages.length; index++) total += estimate(messages[index] as Message);
  return total;
}

/** The request plus reply a turn envelope reports, or `undefined` when it reports no usable usage. */
function reportedTokens(message: Message): number | undefined {
  const envelope = message.appData?.[TURN_ENVELOPE_KEY];
  if (!isJsonObject(envelope) || !isJsonObject(envelope.usage)) return undefined;
  const { usage } = envelope;
  const input = count(usage.inputTokens);
  const output = count(usage.outputTokens);
  if (input === undefined && output === undefined) {
    // Some providers report only a total; it is the same sum.
    return count(usage.totalTokens);
  }
  // Anthropic's input count leaves out what was read from or written to its prompt cache.
  const cached = envelope.provider === 'anthropic'
    ? (count(usage.cachedInputTokens) ?? 0) + (count(usage.cacheCreationInputTokens) ?? 0)
    : 0;
  return (input ?? 0) + cached + (output ?? 0);
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
