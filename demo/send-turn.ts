// The turn flow of the app: the user's message is stored, any tool window a previous turn left
// open is settled first, the model's reply streams in, and whatever went wrong is told plainly.
import { isConvologError, user } from '../src/index.js';
import type { ActiveTurn, AppHost } from './app-host.js';
import { NEW_CHAT_TITLE, titleFrom } from './chat-title.js';
import { compactBeforeTurn } from './compaction.js';
import { formatTokenCount } from './context-meter.js';
import { EndpointError } from './endpoint-client.js';
import { describeError } from './notices.js';
import { runTurn, type TurnOutcome } from './turn-runner.js';

const SETTLE_REASON = 'Interrupted: the turn was stopped or the page was closed before this tool returned a result.';

/** Sends `text` in the open chat (creating one if none is open) and runs the model's turn. */
export async function sendTurn(app: AppHost, text: string): Promise<void> {
  if (app.turn !== undefined || text.trim() === '') return;
  const controller = new AbortController();
  let conversation = app.open;
  // The turn exists from the first moment, so Send cannot fire twice while the chat is created.
  const turn: ActiveTurn = { conversationId: conversation?.id, controller };
  app.turn = turn;
  app.updateComposerState();
  try {
    if (conversation === undefined) {
      conversation = await app.store.createConversation({ title: titleFrom(text) });
      turn.conversationId = conversation.id;
      app.conversations = [conversation, ...app.conversations];
      await app.openConversation(conversation.id);
    }
    const conversationId = conversation.id;
    await settleInterrupted(app, conversationId);
    const entries = await app.store.append(conversationId, [user(text)]);
    app.transcript.addEntries(conversationId, entries);
    app.transcript.scrollToBottom();
    if (conversation.title === NEW_CHAT_TITLE && conversation.lastSeq === 0) {
      void app.store.updateConversation(conversationId, { title: titleFrom(text) }).catch(() => undefined);
    }
    const lastSeq = await compactIfNeeded(app, conversationId, entries.at(-1)?.seq ?? 0, controller.signal);
    reportOutcome(app, await runModelTurn(app, conversationId, lastSeq, controller.signal));
  } catch (error) {
    reportTurnError(app, error, conversation?.id);
  } finally {
    app.turn = undefined;
    app.transcript.setStreaming(undefined);
    app.updateComposerState();
    app.updateInterrupted();
    app.scheduleContextEstimate(0);
    app.scheduleStorageRefresh();
  }
}

function runModelTurn(app: AppHost, conversationId: string, expectedLastSeq: number, signal: AbortSignal): Promise<TurnOutcome> {
  return runTurn({
    store: app.store,
    conversationId,
    model: app.model(),
    toolDelay: app.pace.toolDelay,
    expectedLastSeq,
    signal,
    hooks: {
      onStream: (message) => {
        if (app.open?.id === conversationId) app.transcript.setStreaming(message);
      },
      onAppended: (appended) => app.transcript.addEntries(conversationId, appended),
      onToolRunning: (callId, running) => app.transcript.setToolRunning(callId, running),
      onContext: () => {
        if (app.open?.id === conversationId) app.scheduleContextEstimate(0);
      },
    },
  });
}

/**
 * Compacts first when this turn would pass the auto-compact share of the model's window, and
 * says so. Returns the log's lastSeq the turn continues from. A failed compaction is reported and
 * the turn goes on: the provider may still take the request.
 */
async function compactIfNeeded(app: AppHost, conversationId: string, lastSeq: number, signal: AbortSignal): Promise<number> {
  const budget = app.contextBudget();
  app.header.setCompacting(true);
  try {
    const outcome = await compactBeforeTurn(app.store, conversationId, app.model(), budget, signal);
    if (outcome === null || outcome.entry === null) return lastSeq;
    app.transcript.addEntries(conversationId, [outcome.entry]);
    app.header.setContext(outcome.after);
    const { before, after } = outcome;
    app.notices.show({
      tone: 'info', key: 'auto-compact',
      title: `This chat was compacted before sending: it had reached ${before.measured ? '' : '~'}${formatTokenCount(before.tokens)} ` +
        `of the model's ${formatTokenCount(budget.contextWindow)}-token window (auto-compact at ${Math.round(budget.threshold * 100)}%).`,
      details: [`The model is now sent ~${formatTokenCount(after.tokens)} tokens: a summary of the older messages and the recent ones verbatim.`],
    });
    return outcome.entry.seq;
  } catch (error) {
    if (signal.aborted) throw error;
    app.notices.show({ tone: 'warning', key: 'auto-compact', title: 'The chat is near the model\'s limit, but compacting it failed; sending anyway.', details: [describeError(error)] });
    return lastSeq;
  } finally {
    app.header.setCompacting(false);
    app.header.setBusy(true);
  }
}

/** A tool window left open by a stopped turn or a closed tab is answered before anything new is said. */
async function settleInterrupted(app: AppHost, conversationId: string): Promise<void> {
  // store.settle reads only the trailing tool window, never the whole chat, and writes nothing
  // when no call is pending: cheaper than reading the context to find out first.
  const settled = await app.store.settle(conversationId, { reason: SETTLE_REASON });
  if (settled.length === 0) return;
  app.transcript.addEntries(conversationId, settled);
  app.interruptedBanner.hidden = true;
  const count = settled.length;
  app.notices.show({
    tone: 'info', key: 'settled',
    title: `The last turn was interrupted: ${count} unanswered tool call${count === 1 ? ' was' : 's were'} closed with an error result, so the chat can go on.`,
  });
}

function reportOutcome(app: AppHost, outcome: TurnOutcome): void {
  // 'interrupted' needs no notice: the banner above the composer says what happens next.
  if (outcome === 'step_limit') {
    app.notices.show({ tone: 'warning', title: 'The model kept calling tools, so the turn was ended after 8 steps.' });
  }
}

function reportTurnError(app: AppHost, error: unknown, conversationId: string | undefined): void {
  if (isConvologError(error, 'conflict')) {
    app.notices.show({ tone: 'warning', title: 'Another tab added to this chat while the reply was being written, so the reply was not saved.' });
    if (conversationId !== undefined) void app.transcript.syncTail();
    return;
  }
  if (isConvologError(error, 'incomplete_stream')) {
    app.notices.show({ tone: 'error', title: 'The reply broke off before it finished, so it was not saved.', details: [error.message] });
    return;
  }
  if (error instanceof EndpointError && error.overflow) {
    app.notices.show({
      tone: 'error', title: 'This chat is too long for the model.', details: [error.message],
      action: { label: 'Compact this chat', run: () => void app.compact() },
    });
    return;
  }
  if (error instanceof EndpointError) {
    app.notices.show({ tone: 'error', title: 'The endpoint returned an error.', details: [error.message] });
    return;
  }
  app.notices.show({ tone: 'error', title: 'Something went wrong with this turn.', details: [describeError(error)] });
}
