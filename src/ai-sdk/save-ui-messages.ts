import { ConvologError, isConvologError } from '../core/error.js';
import type { MessageEntry } from '../core/entry.js';
import type { Message } from '../core/message.js';
import type { Warning } from '../core/warning.js';
import type { ConvologStore } from '../store/convolog-store.js';
import { fromUIMessages, type FromUIMessagesOptions } from './from-ui-messages.js';
import { groupTurns, type Turn } from './group-turns.js';
import type { UIMessageLike } from './ui-message-types.js';

/** The store methods {@link saveUIMessages} uses. */
export type UIMessageStore = Pick<ConvologStore, 'getConversation' | 'entries' | 'append'>;

/** Options of {@link saveUIMessages}. */
export interface SaveUIMessagesOptions extends FromUIMessagesOptions {
  /** How often to read again and retry when another tab appended at the same time. Default 3. */
  attempts?: number;
}

/** What {@link saveUIMessages} wrote. */
export interface SaveUIMessagesResult { appended: MessageEntry[]; warnings: Warning[] }

const IN_PROGRESS_TOOL_STATES = new Set(['input-streaming', 'input-available', 'approval-requested', 'approval-responded']);

/**
 * Stores what is new in `useChat`'s messages: the UIMessages after the last one already stored
 * (matched by their id, kept in `appData['convolog.uiMessageId']`), and the new steps of the last
 * stored assistant UIMessage when it grew (a tool result arrived and the model went on). Calling
 * it again with the same messages writes nothing. A last assistant UIMessage that is still in
 * progress (text streaming, a tool call waiting for its input, output or approval) is not stored
 * yet; a pending tool call in an earlier UIMessage is settled (see `fromUIMessages`). Messages
 * that diverge from the stored log (the chat was edited or regenerated) throw `conflict`.
 *
 * @example
 * const chat = useChat({
 *   id, messages: toUIMessages(await store.entries(id)),
 *   onFinish: ({ messages }) => saveUIMessages(store, id, messages),
 * })
 */
export async function saveUIMessages(
  store: UIMessageStore, conversationId: string, ui: readonly UIMessageLike[], options: SaveUIMessagesOptions = {},
): Promise<SaveUIMessagesResult> {
  if (!Array.isArray(ui)) throw new TypeError('saveUIMessages expects an array of UIMessages');
  const finished = isInProgress(ui.at(-1)) ? ui.slice(0, -1) : ui;
  for (let attempt = 1; ; attempt++) {
    try {
      return await saveOnce(store, conversationId, finished, options);
    } catch (error) {
      // Another tab appended between our read and our write: read again and decide again.
      if (!isConvologError(error, 'conflict') || error.details?.reason !== 'moved_on' || attempt >= (options.attempts ?? 3)) throw error;
    }
  }
}

async function saveOnce(
  store: UIMessageStore, conversationId: string, ui: readonly UIMessageLike[], options: FromUIMessagesOptions,
): Promise<SaveUIMessagesResult> {
  const conversation = await store.getConversation(conversationId);
  if (conversation === undefined) {
    throw new ConvologError({ code: 'not_found', message: `no conversation "${conversationId}": create it before saving its messages`, details: { conversationId } });
  }
  const turns = groupTurns(await store.entries(conversationId));
  const matched = matchedPrefix(turns, ui, conversationId);
  const { messages, warnings } = fromUIMessages(ui.slice(matched), options);
  const batch = [...grownSteps(turns, ui, matched, options), ...messages];
  if (batch.length === 0) return { appended: [], warnings };
  try {
    const appended = await store.append(conversationId, batch, { expectedLastSeq: conversation.lastSeq });
    return { appended, warnings };
  } catch (error) {
    if (isConvologError(error, 'conflict')) throw new ConvologError({ code: 'conflict', message: error.message, details: { reason: 'moved_on' }, cause: error });
    throw error;
  }
}

/** How many leading UIMessages are the stored turns, in order. */
function matchedPrefix(turns: readonly Turn[], ui: readonly UIMessageLike[], conversationId: string): number {
  let matched = 0;
  while (matched < turns.length && matched < ui.length && turns[matched]!.id === ui[matched]!.id) matched++;
  if (matched < turns.length && matched < ui.length) {
    throw new ConvologError({
      code: 'conflict',
      message: `UIMessage "${ui[matched]!.id}" is not the one stored at this point of conversation "${conversationId}" ("${turns[matched]!.id}"): the chat was edited or regenerated; start a new conversation or load the stored messages again`,
      details: { conversationId, uiMessageId: ui[matched]!.id, storedId: turns[matched]!.id, reason: 'diverged' },
    });
  }
  return matched;
}

/** The steps the last stored UIMessage gained since it was stored (an assistant turn that went on). */
function grownSteps(turns: readonly Turn[], ui: readonly UIMessageLike[], matched: number, options: FromUIMessagesOptions): Message[] {
  if (matched === 0 || matched !== turns.length) return [];
  const stored = turns[matched - 1]!;
  if (stored.messages[0]!.role !== 'assistant') return [];
  const now = fromUIMessages([ui[matched - 1]!], options).messages;
  return now.slice(stored.messages.length);
}

/** An assistant UIMessage still being written: text or reasoning streaming, or a tool call not finished. */
function isInProgress(message: UIMessageLike | undefined): boolean {
  if (message === undefined || message.role !== 'assistant') return false;
  return message.parts.some((part) => {
    const fields = part as { state?: unknown; preliminary?: unknown };
    return fields.state === 'streaming' || IN_PROGRESS_TOOL_STATES.has(fields.state as string) || fields.preliminary === true;
  });
}
