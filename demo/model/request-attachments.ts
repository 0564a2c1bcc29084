// Which attachments a request to an endpoint carries. Every request sends the whole context, so a
// chat that gathered pictures would, sooner or later, ask for more bytes than one request should
// hold, and then no turn could go through any more. The newest attachments go as long as they fit
// a budget; older ones are named in a text part instead, so the model still knows they were there.
import type { Message, UserPart } from '../../src/index.js';

type MediaPart = Extract<UserPart, { type: 'image' | 'file' }>;

/**
 * `messages` with the attachments that do not fit `maxBytes` (counted newest first, each
 * distinct attachment once) replaced by a text part naming them. Messages without any are
 * returned as they are; the newest message's attachments are always kept (too large even alone:
 * resolveAttachments then says `too_large`, which is the truth about that message).
 */
export function recentAttachments(messages: readonly Message[], maxBytes: number): Message[] {
  const kept = new Set<string>();
  let total = 0;
  const result = [...messages];
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index]!;
    if (message.role === 'assistant' || typeof message.content === 'string') continue;
    const newest = index === messages.length - 1;
    let dropped = false;
    const content = message.content.map((part) => {
      if ((part.type !== 'image' && part.type !== 'file') || part.source.kind !== 'attachment') return part;
      const { id, size } = part.source;
      if (kept.has(id)) return part;
      if (newest || total + size <= maxBytes) {
        kept.add(id);
        total += size;
        return part;
      }
      dropped = true;
      return { type: 'text' as const, text: `[${describe(part)} not sent with this request: older attachments are left out to keep it under ${Math.round(maxBytes / 1e6)} MB]` };
    });
    if (dropped) result[index] = { ...message, content } as Message;
  }
  return result;
}

function describe(part: MediaPart): string {
  const source = part.source;
  const name = source.kind === 'attachment' ? source.filename : undefined;
  const kind = part.type === 'image' ? 'Image' : 'File';
  return name === undefined ? kind : `${kind} "${name}"`;
}
