// The offline summarizer used by "Compact" when no endpoint is configured. It is extractive:
// it reads the compaction digest (`User: …`, `Assistant: …`, `→ tool(args) = result` lines)
// and keeps what the user said and what tools returned, so the summary holds only things
// that were really said (no invented facts).

/** Most words kept from one user message. */
const WORDS_PER_LINE = 24;

/**
 * A short extractive summary of `prompt` (a digest, or the roll-up prompt holding a previous
 * summary and a new digest), at most about `words` words.
 * @example extractiveSummary('User: Plan a trip to Lisbon\n\nAssistant: Sure.', 120)
 */
export function extractiveSummary(prompt: string, words: number): string {
  const previous = between(prompt, '<summary>', '</summary>');
  const digest = between(prompt, '<new_part>', '</new_part>') ?? prompt;
  const lines = [...(previous?.split('\n').map((line) => line.trim()).filter(Boolean) ?? []), ...digestLines(digest)];
  if (lines.length === 0) return 'An earlier part of this chat, with nothing to keep.';
  return fitWords(dedupe(lines), words).join('\n');
}

function digestLines(digest: string): string[] {
  const lines: string[] = [];
  for (const block of digest.split(/\n\s*\n/)) {
    const [head = '', ...rest] = block.split('\n');
    const user = /^User:\s*([\s\S]*)$/.exec(head.trim());
    if (user !== null) {
      const text = clipWords(stripGreeting(user[1]!.trim()), WORDS_PER_LINE);
      if (text !== '') lines.push(`- The user: ${text}`);
    }
    for (const line of rest) {
      const call = /^→\s*([\w.-]+)\((.*)\)(?: = (.*))?$/.exec(line.trim());
      if (call === null) continue;
      const result = call[3] === undefined ? 'no result' : clipChars(call[3], 90);
      lines.push(`- ${call[1]}(${clipChars(call[2]!, 60)}) gave ${result}`);
    }
  }
  return lines;
}

function stripGreeting(text: string): string {
  return text.replace(/^(hi|hello|hey|thanks|thank you|ok|okay)\b[!,.]*\s*/i, '');
}

function dedupe(lines: readonly string[]): string[] {
  return [...new Set(lines)];
}

/** Keeps the first line (usually the goal) and as many of the latest lines as fit. */
function fitWords(lines: readonly string[], words: number): string[] {
  const count = (line: string): number => line.split(/\s+/).filter(Boolean).length;
  const [first, ...rest] = lines;
  if (first === undefined) return [];
  const kept: string[] = [];
  let total = count(first);
  for (const line of [...rest].reverse()) {
    if (total + count(line) > words) break;
    kept.unshift(line);
    total += count(line);
  }
  return [first, ...kept];
}

function between(text: string, open: string, close: string): string | undefined {
  const start = text.indexOf(open);
  const end = text.lastIndexOf(close);
  return start === -1 || end <= start ? undefined : text.slice(start + open.length, end).trim();
}

function clipWords(text: string, limit: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  return words.length <= limit ? words.join(' ') : `${words.slice(0, limit).join(' ')}…`;
}

function clipChars(text: string, limit: number): string {
  const characters = [...text];
  return characters.length <= limit ? text : `${characters.slice(0, limit).join('')}…`;
}
