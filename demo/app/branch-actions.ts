// What the transcript's branch actions do to the open chat: Edit sends the new text as a new
// version of the message, Regenerate answers the same message again, and the ‹ n/m › switcher
// checks out another version (the head moves, is persisted, and other tabs follow).
import type { Entry, FilePart, ImagePart, MessageEntry } from '../../src/index.js';
import type { AppHost } from './app-host.js';
import type { BranchHandlers } from '../transcript/message-actions.js';
import { describeError } from '../shared/notices.js';
import { regenerateTurn, sendTurn } from './send-turn.js';

/** The branch handlers of the app's transcript. */
export function branchHandlers(app: AppHost): BranchHandlers {
  return {
    onEdit: (entry, text) => void editMessage(app, entry, text),
    onRegenerate: (turnStart) => void regenerateTurn(app, turnStart),
    onSwitch: (entry, targetId, direction) => void switchVersion(app, entry, targetId, direction),
  };
}

/** Sends `text` as a sibling of the user message `entry` (same parent) and streams a fresh answer. */
function editMessage(app: AppHost, entry: MessageEntry, text: string): Promise<void> {
  if (app.turn !== undefined) {
    app.notices.show({ tone: 'info', key: 'busy', title: 'Wait for the reply being written to finish, then send the edit.' });
    return Promise.resolve();
  }
  // The edit changes the words; the pictures and files of the message go with the new version.
  const content = entry.message.content;
  const media = typeof content === 'string' ? [] : content.filter((part): part is ImagePart | FilePart => part.type === 'image' || part.type === 'file');
  return sendTurn(app, text, { parentId: entry.parentId, media });
}

/**
 * Shows version `targetId` of `entry`: checks out the newest leaf below it, then replaces what
 * is shown below the fork point, leaving everything above it alone and the switcher clicked
 * where it was on screen.
 */
async function switchVersion(app: AppHost, entry: Entry, targetId: string, direction: 'prev' | 'next'): Promise<void> {
  const conversation = app.open;
  if (conversation === undefined || app.compacting !== undefined || app.turn?.conversationId === conversation.id) return;
  // The switcher clicked stays where it is on screen, so the next click lands on it too.
  const offset = app.transcript.switcherOffset(entry.id);
  try {
    const updated = await app.store.checkout(conversation.id, targetId);
    if (app.open?.id !== updated.id || updated.headId === null) return;
    app.open = updated;
    await app.transcript.showBranch(entry.parentId, updated.headId);
    if (offset !== undefined) app.transcript.keepSwitcherAt(targetId, offset);
    app.transcript.focusSwitcher(targetId, direction);
    app.updateInterrupted();
    app.scheduleContextEstimate();
  } catch (error) {
    app.notices.show({ tone: 'error', key: 'switch', title: 'Could not show that version.', details: [describeError(error)] });
  }
}
