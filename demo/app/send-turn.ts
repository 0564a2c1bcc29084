// The turn flow of the app: the user's message is stored (continuing the path on screen, or as
// a new version of an edited message), any tool window a previous turn left open is settled
// first, the chat is compacted first when the turn would pass the auto-compact share of the
// model's window, the model's reply streams in (also again, as a regenerated answer), and
// whatever went wrong is told plainly: with the chat, under the message left unanswered, with a
// Retry that answers that same message again on the same branch.
import { isConvologError, user, type Entry, type UserPart } from '../../src/index.js';
import type { ActiveTurn, AppHost } from './app-host.js';
import { NEW_CHAT_TITLE, titleFrom } from '../chat-list/chat-title.js';
import { compactBeforeTurn } from './compaction.js';
import { formatTokenCount } from '../transcript/context-meter.js';
import { formatTokens } from '../shared/format.js';
import { EndpointError } from '../model/endpoint-client.js';
import { describeError } from '../shared/notices.js';
import { runTurn, type TurnOutcome } from '../model/turn-runner.js';
import type { PendingFile } from '../composer/attachment-rules.js';
import { storeAttachments, userContent } from './attachment-parts.js';

const SETTLE_REASON = 'Interrupted: the turn was stopped or the page was closed before this tool returned a result.';

/** Where a turn starts: the entry it answers, the log's lastSeq then, and which answer to that entry it is. */
interface TurnStart { parentId: string; expectedLastSeq: number; attempt: number }

/** What goes with a message's text. */
export interface SendOptions {
  /** An edit: the edited message's parent (`null` for the first message); the message starts a new branch there. */
  parentId?: string | null;
  /** Files from the composer, stored as attachments before the message is appended. */
  files?: readonly PendingFile[];
  /** Media parts the message keeps as they are (an edited message's attachments, stored already). */
  media?: readonly UserPart[];
}

/**
 * Sends `text` in the open chat (creating one if none is open) and runs the model's turn. With
 * `parentId` (an edit: the edited message's parent, `null` for the first message) the message
 * starts a new branch there; without it, it continues the path on screen.
 */
export async function sendTurn(app: AppHost, text: string, options: SendOptions = {}): Promise<void> {
  const files = options.files ?? [];
  if (text.trim() === '' && files.length === 0 && (options.media ?? []).length === 0) return;
  const turn = beginTurn(app, app.open?.id);
  if (turn === undefined) return;
  let conversation = app.open;
  const progress = { appended: false };
  let sentId: string | undefined;
  try {
    const title = titleFrom(text.trim() === '' ? files[0]?.name ?? text : text);
    if (conversation === undefined) {
      conversation = await app.store.createConversation({ title });
      turn.conversationId = conversation.id;
      app.conversations = [conversation, ...app.conversations];
      await app.openConversation(conversation.id);
    }
    const conversationId = conversation.id;
    // An edit forks above any tool window left open below it: nothing needs settling there.
    const parentId = options.parentId !== undefined ? options.parentId : await settleInterrupted(app, conversationId);
    const media = [...(options.media ?? []), ...(await storeAttachments(app.store, files))];
    const entries = await app.store.append(conversationId, [user(userContent(text, media))], parentId === undefined ? {} : { parentId });
    progress.appended = true;
    app.transcript.addEntries(conversationId, entries);
    app.transcript.scrollToBottom();
    if (conversation.title === NEW_CHAT_TITLE && conversation.lastSeq === 0) {
      void app.store.updateConversation(conversationId, { title }).catch(() => undefined);
    }
    const sent = entries.at(-1)!;
    sentId = sent.id;
    const start = await compactIfNeeded(app, conversationId, { parentId: sent.id, expectedLastSeq: sent.seq, attempt: 1 }, turn.controller.signal);
    reportOutcome(app, conversationId, await runModelTurn(app, conversationId, start, turn.controller.signal, progress));
  } catch (error) {
    reportTurnError(app, error, conversation?.id, sentId);
  } finally {
    endTurn(app, conversation?.id, progress.appended);
  }
}

/**
 * Writes a new answer as a sibling of `turnStart` (the first entry of an answer shown): the
 * model answers the same user message again, tools included, on a new branch. The answer it
 * replaces stays, one click away; if it was interrupted inside a tool window, that window stays
 * as it was on the old branch (the new one forks above it, so nothing needs settling).
 */
export function regenerateTurn(app: AppHost, turnStart: Entry): Promise<void> {
  if (turnStart.parentId === null) return Promise.resolve();
  return answerAgain(app, turnStart.parentId, true);
}

/**
 * Answers the user message `entryId` again after a failed turn: the same context, on the same
 * branch (the message is the end of the path, so the answer continues it).
 */
export function retryTurn(app: AppHost, conversationId: string, entryId: string): Promise<void> {
  if (app.open?.id !== conversationId) return Promise.resolve();
  return answerAgain(app, entryId, false);
}

/** Runs the model's turn below `parentId` in the open chat; `fork`: what is shown below it is cut first (Regenerate). */
async function answerAgain(app: AppHost, parentId: string, fork: boolean): Promise<void> {
  const conversation = app.open;
  if (conversation === undefined) return;
  const turn = beginTurn(app, conversation.id);
  if (turn === undefined) return;
  const progress = { appended: false };
  try {
    if (fork) app.transcript.beginFork(parentId);
    const [current, answers] = await Promise.all([
      app.store.getConversation(conversation.id),
      app.store.children(conversation.id, parentId),
    ]);
    const start: TurnStart = { parentId, expectedLastSeq: current?.lastSeq ?? conversation.lastSeq, attempt: answers.length + 1 };
    reportOutcome(app, conversation.id, await runModelTurn(app, conversation.id, start, turn.controller.signal, progress));
  } catch (error) {
    reportTurnError(app, error, conversation.id, fork ? undefined : parentId);
  } finally {
    endTurn(app, conversation.id, progress.appended);
  }
}

/** Registers this tab's turn (at most one at a time): `undefined` when one is running already. */
function beginTurn(app: AppHost, conversationId: string | undefined): ActiveTurn | undefined {
  if (app.turn !== undefined) return undefined;
  // The turn exists from the first moment, so Send cannot fire twice while the chat is created.
  const turn: ActiveTurn = { conversationId, controller: new AbortController() };
  app.turn = turn;
  app.updateComposerState();
  return turn;
}

function endTurn(app: AppHost, conversationId: string | undefined, appended: boolean): void {
  app.turn = undefined;
  app.transcript.setStreaming(undefined);
  app.updateComposerState();
  // A regenerate that wrote nothing (stopped at once, or failed) leaves the head where it was: show it again.
  if (!appended && conversationId !== undefined && app.open?.id === conversationId) void app.transcript.syncHead();
  app.updateInterrupted();
  app.scheduleContextEstimate(0);
  app.scheduleStorageRefresh();
}

function runModelTurn(
  app: AppHost, conversationId: string, start: TurnStart, signal: AbortSignal, progress: { appended: boolean },
): Promise<TurnOutcome> {
  return runTurn({
    store: app.store,
    conversationId,
    model: app.model(),
    toolDelay: app.pace.toolDelay,
    ...start,
    signal,
    hooks: {
      onStream: (message) => {
        if (app.open?.id === conversationId) app.transcript.setStreaming(message);
      },
      onAppended: (appended) => {
        progress.appended = true;
        app.transcript.addEntries(conversationId, appended);
      },
      onToolRunning: (callId, running) => app.transcript.setToolRunning(callId, running),
      onContext: () => {
        if (app.open?.id === conversationId) app.scheduleContextEstimate(0);
      },
    },
  });
}

/**
 * Compacts the branch the turn continues first when the turn would pass the auto-compact share
 * of the model's window, and says so. Returns where the turn then starts (after the compaction).
 * A failed compaction is reported and the turn goes on: the provider may still take the request.
 */
async function compactIfNeeded(app: AppHost, conversationId: string, start: TurnStart, signal: AbortSignal): Promise<TurnStart> {
  const budget = app.contextBudget();
  app.header.setCompacting(true);
  try {
    const outcome = await compactBeforeTurn(app.store, conversationId, app.model(), budget, signal, start.parentId);
    if (outcome === null || outcome.entry === null) return start;
    app.transcript.addEntries(conversationId, [outcome.entry]);
    app.header.setContext(outcome.after);
    const { before, after } = outcome;
    app.notices.show({
      tone: 'info', key: 'auto-compact',
      // Numbers written as the compaction's card writes them ("~1,053 tokens"), so the two agree.
      title: `This chat was compacted before sending: it had reached ${formatTokens(before.tokens)} ` +
        `of the model's ${formatTokenCount(budget.contextWindow)}-token window (auto-compact at ${Math.round(budget.threshold * 100)}%).`,
      details: [`The model is now sent ${formatTokens(after.tokens)}: a summary of the older messages and the recent ones verbatim.`],
    });
    return { ...start, parentId: outcome.entry.id, expectedLastSeq: outcome.entry.seq };
  } catch (error) {
    if (signal.aborted) throw error;
    app.notices.show({ tone: 'warning', key: 'auto-compact', title: 'The chat is near the model\'s limit, but compacting it failed; sending anyway.', details: [describeError(error)] });
    return start;
  } finally {
    app.header.setCompacting(false);
    app.header.setBusy(true);
  }
}

/**
 * A tool window left open by a stopped turn or a closed tab, at the end of the path on screen,
 * is answered before anything new is said there. Returns the entry the next message follows
 * (`undefined`: the head, when nothing is shown yet).
 */
async function settleInterrupted(app: AppHost, conversationId: string): Promise<string | undefined> {
  // store.settle reads only the trailing tool window, never the whole chat, and writes nothing
  // when no call is pending: cheaper than reading the context to find out first.
  const leafId = app.transcript.tipId;
  const settled = await app.store.settle(conversationId, { reason: SETTLE_REASON, ...(leafId !== undefined && { leafId }) });
  if (settled.length === 0) return leafId;
  app.transcript.addEntries(conversationId, settled);
  app.interruptedBanner.hidden = true;
  const count = settled.length;
  app.notices.show({
    tone: 'info', key: 'settled',
    title: `The last turn was interrupted: ${count} unanswered tool call${count === 1 ? ' was' : 's were'} closed with an error result, so the chat can go on.`,
  });
  return settled.at(-1)?.id ?? leafId;
}

function reportOutcome(app: AppHost, conversationId: string, outcome: TurnOutcome): void {
  // A reply was written: an earlier failure of this chat is over.
  app.transcript.setFailure(conversationId, undefined);
  // 'interrupted' needs no notice: the banner above the composer says what happens next.
  if (outcome === 'step_limit') {
    app.notices.show({ tone: 'warning', title: 'The model kept calling tools, so the turn was ended after 8 steps.' });
  }
}

/**
 * Tells what went wrong. When the turn left the user's message `unansweredId` without an answer,
 * it is told there, in that chat, with Retry; otherwise (a regenerate, a conflict) as a notice.
 */
function reportTurnError(app: AppHost, error: unknown, conversationId: string | undefined, unansweredId?: string): void {
  if (isConvologError(error, 'conflict')) {
    app.notices.show({ tone: 'warning', title: 'Another tab added to this chat while the reply was being written, so the reply was not saved.' });
    if (conversationId !== undefined) void app.transcript.syncHead();
    return;
  }
  const { title, details, compact } = describeTurnError(error);
  if (conversationId === undefined || unansweredId === undefined) {
    app.notices.show({
      tone: 'error', title, details,
      ...(compact && { action: { label: 'Compact this chat', run: () => void app.compact() } }),
    });
    return;
  }
  const actions = [{ label: 'Retry', run: () => void retryTurn(app, conversationId, unansweredId) }];
  if (compact) actions.push({ label: 'Compact this chat', run: () => void app.compact() });
  app.transcript.setFailure(conversationId, { entryId: unansweredId, title: `No answer: ${lowerFirst(title)}`, details, actions });
}

function describeTurnError(error: unknown): { title: string; details: string[]; compact: boolean } {
  if (isConvologError(error, 'not_found') && error.details?.attachmentId !== undefined) {
    return { title: 'An attachment of this chat is not stored on this device, so it could not be sent.', details: [error.message], compact: false };
  }
  if (isConvologError(error, 'too_large')) return { title: 'The attachments of this chat are too large to send in one request.', details: [error.message], compact: false };
  if (isConvologError(error, 'incomplete_stream')) return { title: 'The reply broke off before it finished, so it was not saved.', details: [error.message], compact: false };
  if (error instanceof EndpointError && error.overflow) return { title: 'This chat is too long for the model.', details: [error.message], compact: true };
  if (error instanceof EndpointError) return { title: 'The endpoint returned an error.', details: [error.message], compact: false };
  return { title: 'Something went wrong with this turn.', details: [describeError(error)], compact: false };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
