// The demo app: wires the store to the sidebar, transcript, composer and dialogs. Everything
// it does to chats goes through the public API of convolog (src/index.ts, src/adapters).
import {
  isConvologError, unsettledFrom, user,
  type Conversation, type ConvologStore, type Message, type StoreChange,
} from '../src/index.js';
import { h, icon } from './dom.js';
import { ICONS } from './icons.js';
import { Sidebar } from './sidebar.js';
import { ChatHeader } from './chat-header.js';
import { Transcript } from './transcript.js';
import { Composer } from './composer.js';
import { Notices, describeError } from './notices.js';
import { SettingsDialog } from './settings-dialog.js';
import { StoragePanel } from './storage-panel.js';
import { loadSettings, readPace, saveSettings, type DemoSettings } from './settings.js';
import { endpointModel, offlineModel, type ChatModel } from './chat-model.js';
import { runTurn, type TurnOutcome } from './turn-runner.js';
import { compactChat, contextTokens } from './compaction.js';
import { exportJson, exportMarkdown, importFile } from './import-export.js';
import { EndpointError } from './endpoint-client.js';
import { welcomeView } from './welcome.js';
import { openConversationId, rememberOpenConversation } from './open-conversation.js';

const NEW_CHAT_TITLE = 'New chat';
const SETTLE_REASON = 'Interrupted: the turn was stopped or the page was closed before this tool returned a result.';
/** Above this many entries the header's context estimate waits for the next turn instead of reading the whole tail on open. */
const ESTIMATE_ON_OPEN_LIMIT = 2000;

/** A turn of this tab; `conversationId` is undefined while its chat is being created. */
interface ActiveTurn { conversationId: string | undefined; controller: AbortController }

/** Builds the app into `root` over an open store. */
export class DemoApp {
  private readonly sidebar: Sidebar;
  private readonly header: ChatHeader;
  private readonly transcript: Transcript;
  private readonly composer: Composer;
  private readonly notices = new Notices();
  private readonly settingsDialog: SettingsDialog;
  private readonly storagePanel: StoragePanel;
  private readonly interruptedBanner: HTMLElement;
  private readonly shell: HTMLElement;
  private settings: DemoSettings = loadSettings();
  private readonly pace = readPace();
  private conversations: Conversation[] = [];
  private open: Conversation | undefined;
  private turn: ActiveTurn | undefined;
  private compacting: AbortController | undefined;
  private listTimer: ReturnType<typeof setTimeout> | undefined;
  private storageTimer: ReturnType<typeof setTimeout> | undefined;
  private estimateTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly store: ConvologStore, root: HTMLElement) {
    this.sidebar = new Sidebar({
      onNewChat: () => void this.newChat(),
      onOpen: (id) => void this.openConversation(id),
      onRename: (id) => void this.openConversation(id).then(() => this.header.startRename()),
      onImport: (file) => void this.importChat(file),
      onSettings: () => this.settingsDialog.open(this.settings),
    });
    this.header = new ChatHeader({
      onRename: (title) => void this.rename(title),
      onCompact: () => void this.compact(),
      onExportJson: () => void this.exportChat('json'),
      onExportMarkdown: () => void this.exportChat('markdown'),
      onDelete: () => void this.deleteOpen(),
      onToggleSidebar: () => this.toggleSidebar(),
    });
    this.transcript = new Transcript(store, {
      onCorrupt: (seqs) => this.notices.show({
        tone: 'warning',
        key: 'corrupt',
        title: `${seqs.length} stored message${seqs.length === 1 ? '' : 's'} could not be read and ${seqs.length === 1 ? 'is' : 'are'} not shown.`,
        details: [
          `Unreadable: ${seqs.map((seq) => `#${seq}`).join(', ')}.`,
          'They stay in storage untouched; the rest of the chat is intact.',
        ],
      }),
      onError: (error) => this.notices.show({ tone: 'error', title: 'Could not read this chat.', details: [describeError(error)] }),
    }, welcomeView((text) => this.send(text)));
    this.composer = new Composer({ onSend: (text) => void this.send(text), onStop: () => this.stop() });
    this.storagePanel = new StoragePanel(store, {
      onDeleteAll: () => this.deleteAll(),
      onPersistence: (granted) => this.notices.show(granted
        ? { tone: 'success', title: 'Persistent storage granted: the browser will not clear these chats to free space.' }
        : { tone: 'warning', title: 'Persistent storage was not granted.', details: ['The browser may still clear these chats when space runs low. Export the ones you want to keep. Installing the site or bookmarking it makes a grant more likely.'] }),
    });
    this.settingsDialog = new SettingsDialog(this.storagePanel, (settings) => this.applySettings(settings));
    this.interruptedBanner = h('div', { className: 'interrupted-banner', testId: 'interrupted', attrs: { role: 'status' } },
      icon(ICONS.alert),
      h('span', { text: 'The last turn was interrupted before its tool calls returned. They will be closed with an error result when you send your next message.' }));
    this.interruptedBanner.hidden = true;

    this.shell = h('div', { className: 'app' },
      this.sidebar.element,
      h('div', { className: 'sidebar-backdrop', on: { click: () => this.toggleSidebar(false) } }),
      h('main', { className: 'chat' },
        this.header.element,
        this.transcript.element,
        h('div', { className: 'composer-area' }, this.notices.element, this.interruptedBanner, this.composer.element)));
    root.replaceChildren(this.shell);
    document.body.append(this.settingsDialog.element);
    this.header.setModelLabel(this.model().label);
  }

  /** Loads the list, reopens the chat that was open, and starts listening to changes. */
  async start(): Promise<void> {
    this.store.subscribe((change) => this.onChange(change));
    await this.refreshList();
    const id = openConversationId();
    await this.openConversation(id !== undefined && this.conversations.some((item) => item.id === id) ? id : undefined);
    this.scheduleStorageRefresh(0);
    document.body.dataset.appState = 'ready';
    this.composer.focus();
  }

  private model(): ChatModel {
    return this.settings.mode === 'endpoint' && this.settings.baseUrl !== '' ? endpointModel(this.settings) : offlineModel(this.pace);
  }

  private applySettings(settings: DemoSettings): void {
    this.settings = settings;
    saveSettings(settings);
    this.header.setModelLabel(this.model().label);
    this.notices.show({
      tone: 'success', key: 'settings',
      title: settings.mode === 'endpoint' ? `Replies now come from ${settings.model || 'the endpoint'} at ${settings.baseUrl}.` : 'Replies now come from the offline assistant.',
    });
  }

  // ── Conversations ────────────────────────────────────────────────────────────────────────

  private async refreshList(): Promise<void> {
    try {
      this.conversations = await this.store.listConversations({ limit: 500 });
    } catch (error) {
      this.notices.show({ tone: 'error', key: 'list', title: 'Could not read the list of chats.', details: [describeError(error)] });
      return;
    }
    this.sidebar.update(this.conversations, this.open?.id);
  }

  private scheduleListRefresh(): void {
    clearTimeout(this.listTimer);
    this.listTimer = setTimeout(() => void this.refreshList(), 40);
  }

  private async openConversation(id: string | undefined): Promise<void> {
    this.toggleSidebar(false);
    if (id !== undefined && id === this.open?.id) return;
    let conversation: Conversation | undefined;
    try {
      conversation = id === undefined ? undefined : await this.store.getConversation(id);
    } catch (error) {
      this.notices.show({ tone: 'error', title: 'Could not open that chat.', details: [describeError(error)] });
    }
    this.open = conversation;
    rememberOpenConversation(conversation?.id);
    this.header.setConversation(conversation);
    this.header.setContextTokens(undefined);
    this.sidebar.update(this.conversations, conversation?.id);
    this.updateComposerState();
    this.interruptedBanner.hidden = true;
    await this.transcript.open(conversation?.id, conversation?.lastSeq ?? 0);
    this.updateInterrupted();
    if (conversation !== undefined && conversation.lastSeq <= ESTIMATE_ON_OPEN_LIMIT) this.scheduleContextEstimate(0);
  }

  private async newChat(): Promise<void> {
    // Until the new chat is open, a message sent now would land in the previous one.
    this.composer.setBlocked('Creating a chat…');
    try {
      const conversation = await this.store.createConversation({ title: NEW_CHAT_TITLE });
      this.conversations = [conversation, ...this.conversations.filter((item) => item.id !== conversation.id)];
      await this.openConversation(conversation.id);
      this.composer.focus();
    } catch (error) {
      this.notices.show({ tone: 'error', title: 'Could not create a chat.', details: [describeError(error)] });
    } finally {
      this.updateComposerState();
    }
  }

  private async rename(title: string): Promise<void> {
    const conversation = this.open;
    if (conversation === undefined) return;
    try {
      this.open = await this.store.updateConversation(conversation.id, { title });
      this.header.setConversation(this.open);
      this.scheduleListRefresh();
    } catch (error) {
      this.notices.show({ tone: 'error', title: 'Could not rename the chat.', details: [describeError(error)] });
    }
  }

  private async deleteOpen(): Promise<void> {
    const conversation = this.open;
    if (conversation === undefined) return;
    const title = conversation.title.trim() || 'Untitled chat';
    if (!window.confirm(`Delete "${title}" and all of its messages from this browser? This cannot be undone.`)) return;
    if (this.turn?.conversationId === conversation.id) this.turn.controller.abort();
    try {
      await this.store.deleteConversation(conversation.id);
      this.conversations = this.conversations.filter((item) => item.id !== conversation.id);
      await this.openConversation(this.conversations[0]?.id);
      this.notices.show({ tone: 'success', title: `Deleted "${title}".` });
    } catch (error) {
      this.notices.show({ tone: 'error', title: 'Could not delete the chat.', details: [describeError(error)] });
    }
  }

  private async deleteAll(): Promise<void> {
    this.turn?.controller.abort();
    try {
      await this.store.clear();
      this.conversations = [];
      await this.openConversation(undefined);
      this.settingsDialog.element.close();
      this.notices.show({ tone: 'success', title: 'Every chat was deleted from this browser.' });
    } catch (error) {
      this.notices.show({ tone: 'error', title: 'Could not delete the data.', details: [describeError(error)] });
    }
  }

  // ── Turns ────────────────────────────────────────────────────────────────────────────────

  private async send(text: string): Promise<void> {
    if (this.turn !== undefined || text.trim() === '') return;
    const controller = new AbortController();
    let conversation = this.open;
    // The turn exists from the first moment, so Send cannot fire twice while the chat is created.
    const turn: ActiveTurn = { conversationId: conversation?.id, controller };
    this.turn = turn;
    this.updateComposerState();
    try {
      if (conversation === undefined) {
        conversation = await this.store.createConversation({ title: titleFrom(text) });
        turn.conversationId = conversation.id;
        this.conversations = [conversation, ...this.conversations];
        await this.openConversation(conversation.id);
      }
      const conversationId = conversation.id;
      await this.settleInterrupted(conversationId);
      const entries = await this.store.append(conversationId, [user(text)]);
      this.transcript.addEntries(conversationId, entries);
      this.transcript.scrollToBottom();
      if (conversation.title === NEW_CHAT_TITLE && conversation.lastSeq === 0) {
        void this.store.updateConversation(conversationId, { title: titleFrom(text) }).catch(() => undefined);
      }
      const outcome = await runTurn({
        store: this.store,
        conversationId,
        model: this.model(),
        toolDelay: this.pace.toolDelay,
        expectedLastSeq: entries.at(-1)?.seq ?? 0,
        signal: controller.signal,
        hooks: {
          onStream: (message) => {
            if (this.open?.id === conversationId) this.transcript.setStreaming(message);
          },
          onAppended: (appended) => this.transcript.addEntries(conversationId, appended),
          onToolRunning: (callId, running) => this.transcript.setToolRunning(callId, running),
          onContext: (messages) => {
            if (this.open?.id === conversationId) this.header.setContextTokens(contextTokens(messages));
          },
        },
      });
      this.reportOutcome(outcome);
    } catch (error) {
      this.reportTurnError(error, conversation?.id);
    } finally {
      this.turn = undefined;
      this.transcript.setStreaming(undefined);
      this.updateComposerState();
      this.updateInterrupted();
      this.scheduleContextEstimate(0);
      this.scheduleStorageRefresh();
    }
  }

  /** A tool window left open by a stopped turn or a closed tab is answered before anything new is said. */
  private async settleInterrupted(conversationId: string): Promise<void> {
    // store.settle reads only the trailing tool window, never the whole chat, and writes nothing
    // when no call is pending: cheaper than reading the context to find out first.
    const settled = await this.store.settle(conversationId, { reason: SETTLE_REASON });
    if (settled.length === 0) return;
    this.transcript.addEntries(conversationId, settled);
    this.interruptedBanner.hidden = true;
    const count = settled.length;
    this.notices.show({
      tone: 'info', key: 'settled',
      title: `The last turn was interrupted: ${count} unanswered tool call${count === 1 ? ' was' : 's were'} closed with an error result, so the chat can go on.`,
    });
  }

  private stop(): void {
    this.turn?.controller.abort(new DOMException('Stopped by the user', 'AbortError'));
  }

  private reportOutcome(outcome: TurnOutcome): void {
    // 'interrupted' needs no notice: the banner above the composer says what happens next.
    if (outcome === 'step_limit') {
      this.notices.show({ tone: 'warning', title: 'The model kept calling tools, so the turn was ended after 8 steps.' });
    }
  }

  private reportTurnError(error: unknown, conversationId: string | undefined): void {
    if (isConvologError(error, 'conflict')) {
      this.notices.show({ tone: 'warning', title: 'Another tab added to this chat while the reply was being written, so the reply was not saved.' });
      if (conversationId !== undefined) void this.transcript.syncTail();
      return;
    }
    if (isConvologError(error, 'incomplete_stream')) {
      this.notices.show({ tone: 'error', title: 'The reply broke off before it finished, so it was not saved.', details: [error.message] });
      return;
    }
    if (error instanceof EndpointError && error.overflow) {
      this.notices.show({
        tone: 'error', title: 'This chat is too long for the model.', details: [error.message],
        action: { label: 'Compact this chat', run: () => void this.compact() },
      });
      return;
    }
    if (error instanceof EndpointError) {
      this.notices.show({ tone: 'error', title: 'The endpoint returned an error.', details: [error.message] });
      return;
    }
    this.notices.show({ tone: 'error', title: 'Something went wrong with this turn.', details: [describeError(error)] });
  }

  private updateComposerState(): void {
    const runningHere = this.turn !== undefined && this.turn.conversationId === this.open?.id;
    this.transcript.setTurnActive(runningHere);
    this.composer.setRunning(runningHere);
    this.composer.setBlocked(this.turn !== undefined && !runningHere ? 'A reply is being written in another chat' : undefined);
    this.header.setBusy(this.turn !== undefined && runningHere);
  }

  /** Shows the banner when the loaded tail ends in a tool window nobody in this tab is answering. */
  private updateInterrupted(): void {
    const running = this.turn !== undefined && this.turn.conversationId === this.open?.id;
    const messages: Message[] = this.transcript.loadedMessageEntries().map((entry) => entry.message);
    this.interruptedBanner.hidden = running || this.open === undefined || unsettledFrom(messages) === null;
  }

  // ── Compaction, export, import ───────────────────────────────────────────────────────────

  private async compact(): Promise<void> {
    const conversation = this.open;
    if (conversation === undefined || this.compacting !== undefined) return;
    if (this.turn?.conversationId === conversation.id) return;
    const controller = new AbortController();
    this.compacting = controller;
    this.header.setCompacting(true);
    try {
      const outcome = await compactChat(this.store, conversation.id, this.model(), controller.signal);
      if (outcome.entry === null) {
        this.notices.show({ tone: 'info', key: 'compact', title: 'Nothing to compact yet: this chat is short enough to send as it is.' });
        return;
      }
      this.transcript.addEntries(conversation.id, [outcome.entry]);
      this.header.setContextTokens(outcome.tokensAfter);
      this.notices.show({
        tone: 'success', key: 'compact',
        title: `Compacted: the model is now sent ~${outcome.tokensAfter.toLocaleString('en-US')} tokens instead of ~${outcome.tokensBefore.toLocaleString('en-US')}.`,
        details: ['The older messages stay in the log (dimmed); the summary replaces them in what is sent.'],
      });
    } catch (error) {
      this.notices.show({ tone: 'error', key: 'compact', title: 'Compaction failed; nothing was written.', details: [describeError(error)] });
    } finally {
      this.compacting = undefined;
      this.header.setCompacting(false);
      this.updateComposerState();
    }
  }

  private async exportChat(kind: 'json' | 'markdown'): Promise<void> {
    const conversation = this.open;
    if (conversation === undefined) return;
    try {
      const fileName = kind === 'json' ? await exportJson(this.store, conversation) : await exportMarkdown(this.store, conversation);
      this.notices.show({ tone: 'success', key: 'export', title: `Exported ${fileName}.` });
    } catch (error) {
      this.notices.show({ tone: 'error', key: 'export', title: 'Export failed.', details: [describeError(error)] });
    }
  }

  private async importChat(file: File): Promise<void> {
    try {
      const imported = await importFile(this.store, file);
      const { warnings } = imported;
      let { conversation } = imported;
      if (conversation.title.trim() === '') {
        // A bare history has no title: the file name is the best one there is.
        conversation = await this.store.updateConversation(conversation.id, { title: file.name.replace(/\.(json|jsonl)$/i, '') });
      }
      this.conversations = [conversation, ...this.conversations.filter((item) => item.id !== conversation.id)];
      await this.openConversation(conversation.id);
      this.notices.show(warnings.length === 0
        ? { tone: 'success', key: 'import', title: `Imported "${conversation.title || file.name}".` }
        : {
            tone: 'warning', key: 'import',
            title: `Imported "${conversation.title || file.name}" with ${warnings.length} change${warnings.length === 1 ? '' : 's'}:`,
            details: warnings.slice(0, 8).map((warning) => warning.message).concat(warnings.length > 8 ? [`…and ${warnings.length - 8} more.`] : []),
          });
    } catch (error) {
      this.notices.show({ tone: 'error', key: 'import', title: `Could not import ${file.name}. Nothing was changed.`, details: [describeError(error)] });
    }
  }

  // ── Changes from this tab and others ─────────────────────────────────────────────────────

  private onChange(change: StoreChange): void {
    switch (change.type) {
      case 'entries_appended':
        this.transcript.addEntries(change.conversationId, change.entries);
        if (change.conversationId === this.open?.id) {
          this.open = change.conversation;
          this.header.setConversation(change.conversation);
          if (change.origin === 'other_tab') {
            this.updateInterrupted();
            this.scheduleContextEstimate();
          }
        }
        break;
      case 'conversation_created':
      case 'conversation_updated':
        if (change.conversationId === this.open?.id) {
          this.open = change.conversation;
          this.header.setConversation(change.conversation);
        }
        break;
      case 'conversation_deleted':
        if (change.conversationId === this.open?.id) {
          if (this.turn?.conversationId === change.conversationId) this.turn.controller.abort();
          void this.openConversation(undefined);
          if (change.origin === 'other_tab') this.notices.show({ tone: 'info', title: 'This chat was deleted in another tab.' });
        }
        break;
      case 'cleared':
        this.turn?.controller.abort();
        void this.openConversation(undefined);
        if (change.origin === 'other_tab') this.notices.show({ tone: 'info', title: 'All chats were deleted in another tab.' });
        break;
      case 'closed':
        if (change.reason !== 'closed') {
          this.notices.show({
            tone: 'error', key: 'closed',
            title: change.reason === 'version_change'
              ? 'A newer version of this app opened in another tab and upgraded the storage. Reload this tab to continue.'
              : 'The browser closed the storage connection. Reload this tab to continue.',
            action: { label: 'Reload', run: () => location.reload() },
          });
        }
        return;
    }
    this.scheduleListRefresh();
    this.scheduleStorageRefresh();
  }

  private scheduleStorageRefresh(delay = 1500): void {
    clearTimeout(this.storageTimer);
    this.storageTimer = setTimeout(() => {
      void this.storagePanel.refresh().then((line) => this.sidebar.setStorageLine(line));
    }, delay);
  }

  private scheduleContextEstimate(delay = 300): void {
    clearTimeout(this.estimateTimer);
    const conversationId = this.open?.id;
    if (conversationId === undefined) return;
    this.estimateTimer = setTimeout(() => {
      void this.store.context(conversationId).then((messages) => {
        if (this.open?.id === conversationId) this.header.setContextTokens(contextTokens(messages));
      }, () => undefined);
    }, delay);
  }

  private toggleSidebar(force?: boolean): void {
    this.shell.classList.toggle('sidebar-open', force);
  }
}

/** A chat title from its first message: the first line, shortened. */
export function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0]?.replace(/\s+/g, ' ') ?? '';
  if (line === '') return NEW_CHAT_TITLE;
  return line.length > 48 ? `${line.slice(0, 47).trimEnd()}…` : line;
}
