import type { AssistantBlock, ToolResultPart, UserPart } from './message.js';

/** How media is named in plain-text renderings: `[image]`, `[file: report.pdf]`. */
export interface MediaLabels {
  image: string;
  file: string;
}

/**
 * The readable text of a message's content, for plain-text renderings (the compaction digest,
 * the history view): text and refusal blocks as written, media as a bracketed label, one line
 * break between parts. Reasoning, tool calls, provider tool blocks and raw `other` items carry
 * no readable text of their own and are left out; callers render tool activity themselves.
 * Internal: not part of the public API.
 */
export function contentText(
  content: string | readonly (UserPart | ToolResultPart | AssistantBlock)[],
  labels: MediaLabels,
): string {
  if (typeof content === 'string') return content;
  let text = '';
  let first = true;
  for (const part of content) {
    const piece = partText(part, labels);
    if (piece === undefined) continue;
    text = first ? piece : text + '\n' + piece;
    first = false;
  }
  return text;
}

function partText(part: UserPart | ToolResultPart | AssistantBlock, labels: MediaLabels): string | undefined {
  switch (part.type) {
    case 'text':
    case 'refusal': return part.text;
    case 'image': return `[${labels.image}]`;
    case 'file': return part.filename === undefined ? `[${labels.file}]` : `[${labels.file}: ${part.filename}]`;
    default: return undefined;
  }
}
