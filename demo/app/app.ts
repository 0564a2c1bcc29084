// The demo app: wires the store to the sidebar, transcript, composer and dialogs. Everything
// it does to chats goes through the public API of convolog (src/index.ts, src/adapters); the
// turn flow, the actions on the list of chats and on a chat's data, and change handling live in
// their own files and reach the shared state through AppHost.
import { unsettledFrom, type Conversation, type ConvologStore, type Message, type StoreChange } from '../../src/index.js';
import { h, icon } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';
import { Sidebar } from '../chat-list/sidebar.js';
import { ChatHeader } from '../transcript/chat-header.js';
import { Transcript } from '../transcript/transcript.js';
import { Composer } from '../composer/composer.js';
import { Notices, describeError } from '../shared/notices.js';
import { persistenceNotice, settingsSavedNotice, unreadableNotice } from './app-notices.js';
import { SettingsDialog } from '../settings/settings-dialog.js';
import { ImportDialog } from '../dialogs/import-dialog.js';
import { StoragePanel } from '../settings/storage-panel.js';
import { SyncPanel } from '../settings/sync-panel.js';
import { loadSettings, readPace, saveSettings, type DemoSettings } from '../model/settings.js';
import { endpointModel, offlineModel, type ChatModel } from '../model/chat-model.js';
import type { ContextBudget } from './compaction.js';
import { measureContextTail } from '../transcript/context-meter.js';
import { welcomeView } from '../dialogs/welcome.js';
import { openConversationId, rememberOpenConversation } from './open-conversation.js';
import type { ActiveTurn, AppHost } from './app-host.js';
import { sendTurn } from './send-turn.js';
import { compactOpenChat, exportOpenChat, importChatFile } from './chat-data-actions.js';
import { deleteAllChats, deleteOpenChat, newChat, renameOpenChat } from './chat-list-actions.js';
import { applyStoreChange } from './apply-store-change.js';
import { branchHandlers } from './branch-actions.js';
import type { SearchBox } from '../chat-list/search-box.js';
import { appSearchBox } from './app-search.js';
import { PendingDeletes, readUndoWindow } from './pending-deletes.js';
import { SidebarDrawer } from './sidebar-drawer.js';
import { handleShortcut, shortcutHelp } from './shortcuts.js';
import { ShortcutsDialog } from '../dialogs/shortcuts-dialog.js';
import { showInterruptedDeletes } from './interrupted-deletes.js';
import { SidebarList } from './sidebar-list.js';
import { askPersistenceOnce } from './storage-care.js';
import { BackupCare } from './backup-care.js';

/** Builds the app into `root` over an open store. */
export class DemoApp implements AppHost {
  private readonly sidebar: Sidebar;
  private readonly search: SearchBox;
  readonly header: ChatHeader;
  readonly transcript: Transcript;
  readonly composer: Composer;
  readonly notices = new Notices();
  readonly importDialog = new ImportDialog();
  private readonly shortcutsDialog = new ShortcutsDialog(shortcutHelp());
  readonly pendingDeletes = new PendingDeletes();
  readonly undoWindowMs = readUndoWindow();
  private readonly drawer: SidebarDrawer;
  private readonly settingsDialog: SettingsDialog;
  private readonly storagePanel: StoragePanel;
  private readonly backup: BackupCare;
  readonly interruptedBanner: HTMLElement;
  private readonly shell: HTMLElement;
  private readonly list: SidebarList;
  private settings: DemoSettings = loadSettings();
  readonly pace = readPace();
  conversations: Conversation[] = [];
  open: Conversation | undefined;
  turn: ActiveTurn | undefined;
  compacting: AbortController | undefined;
  private listTimer: ReturnType<typeof setTimeout> | undefined;
  private storageTimer: ReturnType<typeof setTimeout> | undefined;
  private estimateTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly store: ConvologStore, root: HTMLElement) {
    this.list = new SidebarList(store, this, () => this.sidebar);
    this.search = appSearchBox(this, (active) => this.sidebar.setSearching(active));
    this.sidebar = new Sidebar({
      onNewChat: () => void newChat(this),
      onOpen: (id) => void this.openConversation(id),
      onRename: (id) => void this.openConversation(id).then(() => this.header.startRename()),
      onImport: (file) => void importChatFile(this, file),
      onSettings: () => this.settingsDialog.open(this.settings),
      onExport: (id, format) => void this.openConversation(id).then(() => exportOpenChat(this, format)),
      onDelete: (id) => void this.openConversation(id).then(() => deleteOpenChat(this)),
      onNearEdge: (edge) => void this.list.loadPage(edge),
      onFilter: (query) => void this.list.filter(query),
      // The first filter reads every title once (about 1 s at 10,000 chats): start it while the user types.
      onFilterFocus: () => void this.store.listConversations({ titleQuery: 'a', limit: 0 }).catch(() => undefined),
    }, this.search);
    this.header = new ChatHeader({
      onRename: (title) => void renameOpenChat(this, title),
      onCompact: () => void this.compact(),
      onExportJson: () => void exportOpenChat(this, 'json'),
      onExportMarkdown: () => void exportOpenChat(this, 'markdown'),
      onDelete: () => void deleteOpenChat(this),
      onToggleSidebar: () => this.drawer.flip(),
    });
    this.transcript = new Transcript(store, {
      onCorrupt: (seqs) => this.notices.show(unreadableNotice(seqs)),
      onError: (error) => this.notices.show({ tone: 'error', title: 'Could not read this chat.', details: [describeError(error)] }),
      onBranchChange: () => {
        this.updateInterrupted();
        this.scheduleContextEstimate();
      },
      branches: branchHandlers(this),
    }, welcomeView((text) => sendTurn(this, text)));
    this.composer = new Composer({ onSend: (text, files) => void sendTurn(this, text, { files }), onStop: () => this.stop() });
    this.storagePanel = new StoragePanel(store, {
      onDeleteAll: () => deleteAllChats(this, this.settingsDialog.element),
      onPersistence: (granted) => this.notices.show(persistenceNotice(granted)),
    });
    const syncPanel = new SyncPanel(store, { onPulled: () => this.afterBulkWrite() });
    this.backup = new BackupCare(this, { openSettings: () => this.settingsDialog.open(this.settings), afterBulkWrite: () => this.afterBulkWrite() });
    this.settingsDialog = new SettingsDialog(this.storagePanel, (settings) => this.applySettings(settings), [this.backup.panel.element, syncPanel.element]);
    this.interruptedBanner = h('div', { className: 'interrupted-banner', testId: 'interrupted', attrs: { role: 'status' } },
      icon(ICONS.alert),
      h('span', { text: 'The last turn was interrupted before its tool calls returned. They will be closed with an error result when you send your next message.' }));
    this.interruptedBanner.hidden = true;

    const main = h('main', { className: 'chat' },
      this.header.element,
      this.transcript.element,
      h('div', { className: 'composer-area' }, this.backup.reminder.element, this.notices.element, this.interruptedBanner, this.composer.element));
    this.composer.acceptDropsOn(main);
    this.shell = h('div', { className: 'app' },
      this.sidebar.element,
      h('div', { className: 'sidebar-backdrop', on: { click: () => this.drawer.close(this.menuButton()) } }),
      main);
    this.drawer = new SidebarDrawer(this.shell, this.sidebar.element, main, this.menuButton());
    root.replaceChildren(this.shell);
    document.body.append(this.settingsDialog.element, this.importDialog.element, this.shortcutsDialog.element);
    this.header.setModelLabel(this.model().label);
    this.updateMeterWindow();
  }

  /** Loads the list, reopens the chat that was open, and starts listening to changes. */
  async start(): Promise<void> {
    this.store.subscribe((change) => this.onChange(change));
    document.addEventListener('keydown', (event) => handleShortcut(event, {
      search: () => {
        this.drawer.open();
        this.search.focus();
      },
      newChat: () => void newChat(this),
      stop: () => this.stopHere(),
      help: () => this.shortcutsDialog.open(),
    }));
    await this.list.filter('');
    // The chat open last time, also one far down the list (openConversation shows nothing for one deleted since).
    await this.openConversation(openConversationId());
    this.scheduleStorageRefresh(0);
    document.body.dataset.appState = 'ready';
    this.composer.focus();
    void showInterruptedDeletes(this, PendingDeletes.takeInterrupted());
  }

  /** The model replies come from, per the current settings. */
  model(): ChatModel {
    return this.settings.mode === 'endpoint' && this.settings.baseUrl !== ''
      ? endpointModel(this.settings)
      : offlineModel(this.pace, this.settings.contextWindow, this.store);
  }

  /** The model's context window and the auto-compact threshold, per the current settings. */
  contextBudget(): ContextBudget {
    return { contextWindow: this.settings.contextWindow, threshold: this.settings.autoCompactPercent / 100 };
  }

  private updateMeterWindow(): void {
    const { contextWindow, threshold } = this.contextBudget();
    this.header.meter.setWindow(contextWindow, threshold);
  }

  private applySettings(settings: DemoSettings): void {
    const previous = this.settings;
    this.settings = settings;
    saveSettings(settings);
    this.header.setModelLabel(this.model().label);
    this.updateMeterWindow();
    this.notices.show(settingsSavedNotice(previous, settings));
  }

  // ── Conversations ────────────────────────────────────────────────────────────────────────

  /** Chats were hidden or shown again (a delete, its Undo): the list and the search follow. */
  chatsHiddenChanged(): void {
    this.list.show();
    this.scheduleListRefresh();
    this.search.refresh();
  }

  /** After a sync pulled chats (or an import wrote many): the list and the storage line now. */
  async afterBulkWrite(): Promise<void> {
    this.scheduleListRefresh();
    await this.refreshStorage();
  }

  /** Re-reads the sidebar's list soon; bursts of changes cause one read. */
  scheduleListRefresh(): void {
    clearTimeout(this.listTimer);
    this.listTimer = setTimeout(() => void this.list.refresh(), 40);
  }

  /** Shows `id` (or the empty state) and loads its last page. */
  async openConversation(id: string | undefined): Promise<void> {
    this.drawer.close(this.transcript.element);
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
    this.header.setContext(undefined);
    this.sidebar.update(this.conversations, conversation?.id);
    this.updateComposerState();
    this.interruptedBanner.hidden = true;
    await this.transcript.open(conversation?.id, conversation?.lastSeq ?? 0);
    this.updateInterrupted();
    if (conversation !== undefined) this.scheduleContextEstimate(0);
  }

  // ── Turn state ────────────────────────────────────────────────────────────────────────────

  private stop(): void {
    this.turn?.controller.abort(new DOMException('Stopped by the user', 'AbortError'));
  }

  /** Escape: stops the reply being written in the open chat, as Stop does; whether there was one. */
  private stopHere(): boolean {
    if (this.turn === undefined || this.turn.conversationId !== this.open?.id) return false;
    this.stop();
    return true;
  }

  /** Enables or blocks the composer for the turn state of the open chat. */
  updateComposerState(): void {
    const runningHere = this.turn !== undefined && this.turn.conversationId === this.open?.id;
    this.transcript.setTurnActive(runningHere);
    this.transcript.setActionAvailability({ fork: this.turn === undefined && this.compacting === undefined, switch: !runningHere && this.compacting === undefined });
    this.composer.setRunning(runningHere);
    this.composer.setBlocked(this.turn !== undefined && !runningHere ? 'A reply is being written in another chat' : undefined);
    this.header.setBusy(this.turn !== undefined && runningHere);
  }

  /** Shows the banner when the loaded tail ends in a tool window nobody in this tab is answering. */
  updateInterrupted(): void {
    const running = this.turn !== undefined && this.turn.conversationId === this.open?.id;
    const messages: Message[] = this.transcript.loadedMessageEntries().map((entry) => entry.message);
    this.interruptedBanner.hidden = running || this.open === undefined || unsettledFrom(messages) === null;
  }

  /** Compacts the open chat (also offered by the "too long" notice). */
  compact(): Promise<void> {
    return compactOpenChat(this);
  }

  // ── Changes from this tab and others ─────────────────────────────────────────────────────

  private onChange(change: StoreChange): void {
    if (!applyStoreChange(this, change)) return;
    if (change.type === 'conversation_created' && change.origin === 'this_tab') void askPersistenceOnce(this.store, this.notices, () => this.refreshStorage());
    this.search.refresh();
    this.scheduleListRefresh();
    this.scheduleStorageRefresh();
  }

  /** Re-reads the storage estimate after `delay` milliseconds. */
  scheduleStorageRefresh(delay = 1500): void {
    clearTimeout(this.storageTimer);
    this.storageTimer = setTimeout(() => void this.refreshStorage(), delay);
  }

  /** Re-reads the storage estimate now (the settings panel and the sidebar's line), and whether to remind of a backup. */
  private async refreshStorage(): Promise<void> {
    clearTimeout(this.storageTimer);
    this.backup.update();
    this.sidebar.setStorageLine(await this.storagePanel.refresh(), this.storagePanel.nearlyFull);
  }

  /** Re-measures the open chat's context after `delay` milliseconds. */
  scheduleContextEstimate(delay = 300): void {
    clearTimeout(this.estimateTimer);
    const conversationId = this.open?.id;
    if (conversationId === undefined) return;
    this.estimateTimer = setTimeout(() => {
      // The branch on screen (the head's, unless a reply is being written on another one).
      void measureContextTail(this.store, conversationId, this.transcript.tipId, this.settings.contextWindow).then((size) => {
        if (this.open?.id === conversationId) this.header.setContext(size);
      }, () => undefined);
    }, delay);
  }

  /** Closes the phone's sidebar drawer; focus that was in it goes to the transcript (a hidden drawer cannot hold it). */
  closeSidebarDrawer(): void {
    this.drawer.close(this.transcript.element);
  }

  private menuButton(): HTMLElement {
    // The header's menu button toggles the drawer; focus returns to it when the drawer closes.
    return this.header.element.querySelector<HTMLElement>('.menu-button') ?? this.header.element;
  }
}
