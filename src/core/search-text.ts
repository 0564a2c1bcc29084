import type { Entry } from './entry.js';

/**
 * The text of an entry that search indexes (DESIGN §11): user and tool text parts, assistant
 * `text` and `refusal` blocks, a compaction's summary, parts joined by a line break. Never
 * reasoning, tool call arguments, `other` or provider blocks, `providerData`, `appData` or media:
 * what the user did not read as the conversation should not surface it.
 *
 * @internal Not exported from `convolog/core`: the store's search index uses it.
 */
export function searchableText(entry: Entry): string {
  if (entry.type === 'compaction') return entry.summary;
  const { content } = entry.message;
  if (typeof content === 'string') return content;
  return content.flatMap((part) => (part.type === 'text' || part.type === 'refusal' ? [part.text] : [])).join('\n');
}
