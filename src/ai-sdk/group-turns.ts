import type { Entry } from '../core/entry.js';
import type { Message } from '../core/message.js';
import { UI_MESSAGE_ID_KEY } from './ui-layout.js';

/** The stored messages of one UIMessage: a user message, or an assistant turn with its tool results. */
export interface Turn {
  /** The UIMessage id: the stored one, else the first entry's id, else `message-<n>`. */
  id: string;
  messages: Message[];
  /** The id of the turn's last entry, when the input was entries. */
  lastEntryId?: string;
}

/**
 * Groups a log into turns. A turn starts at every user message, at every message stored as the
 * start of a UIMessage, and at an assistant message after a user turn; tool messages belong to
 * the assistant turn they follow (a tool message with no turn to join is left out).
 */
export function groupTurns(items: readonly (Entry | Message)[]): Turn[] {
  const turns: Turn[] = [];
  items.forEach((item, index) => {
    if ('type' in item && item.type === 'compaction') return;
    const message = 'type' in item ? item.message : item;
    const entryId = 'type' in item ? item.id : undefined;
    const current = turns.at(-1);
    const storedId = message.appData?.[UI_MESSAGE_ID_KEY];
    const startsTurn = typeof storedId === 'string' || message.role === 'user'
      || (message.role === 'assistant' && (current === undefined || current.messages[0]!.role === 'user'));
    if (startsTurn) {
      const turn: Turn = { id: typeof storedId === 'string' ? storedId : (entryId ?? `message-${index}`), messages: [message] };
      if (entryId !== undefined) turn.lastEntryId = entryId;
      turns.push(turn);
      return;
    }
    if (current === undefined || current.messages[0]!.role === 'user') return;
    current.messages.push(message);
    if (entryId !== undefined) current.lastEntryId = entryId;
  });
  return turns;
}
