import { ConvologError, isConvologError } from '../core/error.js';
import { branchPath } from '../core/branch-path.js';
import type { Entry, MessageEntry } from '../core/entry.js';
import type { Message } from '../core/message.js';
import type { Warning } from '../core/warning.js';
import type { ConvologStore } from '../store/convolog-store.js';
import { checkUIMessages } from './check-ui-messages.js';
import { fromCheckedUIMessages, type FromUIMessagesOptions } from './from-ui-messages.js';
import { groupTurns, type Turn } from './group-turns.js';
import { storeUIMedia, type AttachmentPutter } from './ui-attachments.js';
import type { UIMessageLike } from './ui-message-types.js';

/**
 * The store methods {@link saveUIMessages} uses. Without `putAttachment` (an older or partial
 * store) file parts with data URLs are kept inline, as base64 in the entry.
 */
export type UIMessageStore = Pick<ConvologStore, 'getConversation' | 'entries' | 'append'> & Partial<AttachmentPutter>;

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
 * yet; a pending tool call in an earlier UIMessage is settled (see `fromUIMessages`). The chat is
 * matched against every branch: messages that extend one are appended at its leaf, and a chat
 * that went another way (an edited message, a regenerated answer) becomes a new branch forked
 * after the last UIMessage both share (DESIGN §10). The head moves to what was appended.
 * File parts with `data:` URLs are stored as attachments (`store.putAttachment`: the bytes once,
 * the entry keeps a reference; `loadUIMessages` gives them back as URLs); other URLs are kept as
 * URLs. Messages `fromUIMessages` would refuse throw the same `invalid_message` here, before anything is
 * read or written.
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
  // All of it, before the first read: bad input writes nothing.
  checkUIMessages(ui, 'saveUIMessages');
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
  const branch = closestBranch(await store.entries(conversationId, { allBranches: true }), conversation.headId, ui);
  const extendsBranch = branch.matched === branch.turns.length;
  if (!extendsBranch && branch.matched === ui.length) return { appended: [], warnings: [] };
  const { messages, warnings } = fromCheckedUIMessages(ui.slice(branch.matched), options);
  const converted = [...(extendsBranch ? grownSteps(branch, ui, options) : []), ...messages];
  if (converted.length === 0) return { appended: [], warnings };
  // Only what is new is put: a chat saved again never reads or hashes its old pictures.
  const batch = store.putAttachment === undefined ? converted : await storeUIMedia(store as AttachmentPutter, converted);
  // Extending a branch appends at its leaf; a chat that went another way (an edit, a regenerated
  // answer) forks after the last UIMessage both share.
  const parentId = extendsBranch ? branch.leafId : (branch.turns[branch.matched - 1]?.lastEntryId ?? null);
  try {
    const appended = await store.append(conversationId, batch, { parentId, expectedLastSeq: conversation.lastSeq });
    return { appended, warnings };
  } catch (error) {
    if (isConvologError(error, 'conflict')) throw new ConvologError({ code: 'conflict', message: error.message, details: { reason: 'moved_on' }, cause: error });
    throw error;
  }
}

/** A stored branch and how many leading UIMessages it holds, in order. */
interface Branch { turns: Turn[]; leafId: string | null; matched: number }

/** The branch holding the longest prefix of `ui`; the head's on a tie. */
function closestBranch(tree: readonly Entry[], headId: string | null, ui: readonly UIMessageLike[]): Branch {
  const parents = new Set(tree.map((entry) => entry.parentId));
  const leaves = tree.filter((entry) => !parents.has(entry.id)).map((entry) => entry.id).sort((a, b) => Number(b === headId) - Number(a === headId));
  let best: Branch = { turns: [], leafId: null, matched: 0 };
  for (const leafId of leaves) {
    const turns = groupTurns(branchPath(tree, leafId));
    let matched = 0;
    while (matched < turns.length && matched < ui.length && turns[matched]!.id === ui[matched]!.id) matched++;
    if (best.leafId === null || matched > best.matched) best = { turns, leafId, matched };
  }
  return best;
}

/** The steps the branch's last UIMessage gained since it was stored (an assistant turn that went on). */
function grownSteps(branch: Branch, ui: readonly UIMessageLike[], options: FromUIMessagesOptions): Message[] {
  const stored = branch.turns[branch.matched - 1];
  if (stored === undefined || stored.messages[0]!.role !== 'assistant') return [];
  return fromCheckedUIMessages([ui[branch.matched - 1]!], options).messages.slice(stored.messages.length);
}

/** An assistant UIMessage still being written: text or reasoning streaming, or a tool call not finished. */
function isInProgress(message: UIMessageLike | undefined): boolean {
  if (message === undefined || message.role !== 'assistant') return false;
  return message.parts.some((part) => {
    const fields = part as { state?: unknown; preliminary?: unknown };
    return fields.state === 'streaming' || IN_PROGRESS_TOOL_STATES.has(fields.state as string) || fields.preliminary === true;
  });
}
