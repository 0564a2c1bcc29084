// The words after a restore: how many chats came back, how many were here already, and each one
// left out with the reason (its part of the backup was damaged; nothing of it was written).
import type { ImportAllResult, SkippedConversation } from '../../src/index.js';
import { h } from '../shared/dom.js';
import { archiveCodeText } from '../shared/archive-error-text.js';

/** "Restored 2 chats, 1 already here, 1 skipped." */
export function restoreTitle(result: ImportAllResult): string {
  const parts = [`Restored ${result.restored.length} chat${result.restored.length === 1 ? '' : 's'}`];
  if (result.existing.length > 0) parts.push(`${result.existing.length} already here`);
  if (result.skipped.length > 0) parts.push(`${result.skipped.length} skipped`);
  return `${parts.join(', ')}.`;
}

/** One line per skipped chat: where it was in the file and why it was left out. */
export function skippedLines(result: ImportAllResult): string[] {
  return result.skipped.map(skippedLine);
}

/** The elements listing what was skipped (none when nothing was). */
export function skippedList(result: ImportAllResult): HTMLElement[] {
  if (result.skipped.length === 0) return [];
  return [
    h('p', { className: 'field-hint', text: 'Skipped, because their part of the backup is damaged (nothing of them was written):' }),
    h('ul', { className: 'backup-skipped', testId: 'restore-skipped' }, ...skippedLines(result).map((line) => h('li', { text: line }))),
  ];
}

function skippedLine(skipped: SkippedConversation): string {
  // The title comes from the backup's manifest; a backup made before titles were listed there
  // names the chat by its file and id only. A missing part of a backup is not "not a backup".
  const reason = skipped.code === 'invalid_archive'
    ? 'its part of the file is missing or damaged.'
    : archiveCodeText(skipped.code, undefined, 'backup') ?? skipped.message;
  const where = `${skipped.file}, chat ${skipped.conversationId.slice(0, 8)}`;
  const title = skipped.title?.trim();
  return title ? `"${title}" (${where}): ${reason}` : `${where}: ${reason}`;
}
