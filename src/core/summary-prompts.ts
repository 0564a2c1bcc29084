/**
 * Prompts for the model that writes a compaction's summary. The store's `compactConversation`
 * sends {@link summarySystemPrompt} as the system prompt and, as the user prompt, the digest on
 * a first compaction or {@link rollSummaryPrompt} when a summary already exists.
 */

const SYSTEM_TEMPLATE = [
  'You summarize a conversation between a user and an AI assistant so that it can go on without the full transcript.',
  'Write at most {words} words, in the language of the conversation.',
  'Keep what the rest of the conversation depends on: the user\'s goals and preferences, decisions and their reasons,',
  'facts, names, numbers, identifiers and file paths, what the tools returned that still matters,',
  'open questions and what the assistant was doing last.',
  'Leave out greetings, small talk and anything later turns superseded.',
  'Reply with the summary only.',
].join('\n');

const ROLL_TEMPLATE = [
  'The summary of the conversation so far:',
  '<summary>',
  '{previous}',
  '</summary>',
  '',
  'What happened after it:',
  '<new_part>',
  '{digest}',
  '</new_part>',
  '',
  'Fold the new part into the summary and write one updated summary of the whole conversation, at most {words} words.',
  'Where later turns superseded earlier facts, plans or decisions, keep the latest and drop what they replaced.',
  'Reply with the updated summary only.',
].join('\n');

const PLACEHOLDER = /\{(words|previous|digest)\}/g;

/**
 * The system prompt for summarizing a conversation in at most `words` words.
 *
 * @example await summarize({ system: summarySystemPrompt(300), prompt: digest })
 */
export function summarySystemPrompt(words: number): string {
  return fill(SYSTEM_TEMPLATE, { words: String(words), previous: '', digest: '' });
}

/**
 * The prompt that folds `digest` (what happened since) into the `previous` summary, in at most
 * `words` words, dropping what later turns superseded. Substitution is single-pass: a literal
 * `{words}` or `{digest}` inside the digest or the previous summary stays as written.
 *
 * @example await summarize({ system: summarySystemPrompt(300), prompt: rollSummaryPrompt(previous, digest, 300) })
 */
export function rollSummaryPrompt(previous: string, digest: string, words: number): string {
  return fill(ROLL_TEMPLATE, { words: String(words), previous, digest });
}

function fill(template: string, values: Record<'words' | 'previous' | 'digest', string>): string {
  // One replace over the template: substituted text is never scanned again for placeholders.
  return template.replace(PLACEHOLDER, (_match, key: 'words' | 'previous' | 'digest') => values[key]);
}
