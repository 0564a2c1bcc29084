import type { Entry } from './entry.js';
import { keptTail } from './kept-tail.js';
import type { Message } from './message.js';

/** What starts the user message that carries a compaction's summary into the context. */
export const SUMMARY_PREFIX = '[Conversation summary]\n';

/**
 * The messages to send to the model for a conversation's log.
 *
 * Without a compaction, every message in order. Otherwise the last compaction wins: the user
 * message `SUMMARY_PREFIX + summary`, then the messages {@link keptTail} keeps. The summary and
 * the first kept message are both user messages; adapters merge consecutive same-role turns
 * where a provider needs it. The messages are the entries' own objects, not copies.
 *
 * @example
 * const response = await callModel(toOpenAIChatMessages(buildContext(await store.entries(id))).body)
 */
export function buildContext(entries: readonly Entry[]): Message[] {
  const { compaction, entries: kept } = keptTail(entries);
  const messages: Message[] = [];
  if (compaction) messages.push({ role: 'user', content: SUMMARY_PREFIX + compaction.summary });
  for (const entry of kept) messages.push(entry.message);
  return messages;
}
