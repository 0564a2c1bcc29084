// The notices the app shell shows itself (not those of a turn, an import or a delete).
import type { ImportAllResult } from '../../src/index.js';
import type { NoticeInit } from '../shared/notices.js';
import type { DemoSettings } from '../model/settings.js';
import { restoreTitle, skippedLines } from '../settings/restore-summary.js';

/**
 * What saving the settings says: where replies now come from when that changed, else only that
 * the settings were saved (a new context window is not news about the assistant).
 */
export function settingsSavedNotice(previous: DemoSettings, settings: DemoSettings): NoticeInit {
  if (sourceOf(previous) === sourceOf(settings)) return { tone: 'success', key: 'settings', title: 'Settings saved.' };
  return {
    tone: 'success', key: 'settings',
    title: settings.mode === 'endpoint' ? `Replies now come from ${settings.model || 'the endpoint'} at ${settings.baseUrl}.` : 'Replies now come from the offline assistant.',
  };
}

/** Where replies come from under `settings` (the mode, and for an endpoint its API, URL and model). */
function sourceOf(settings: DemoSettings): string {
  return settings.mode === 'endpoint' ? JSON.stringify([settings.api, settings.baseUrl, settings.model]) : 'offline';
}

/** Some stored messages of the open chat could not be read. */
export function unreadableNotice(seqs: readonly number[]): NoticeInit {
  return {
    tone: 'warning',
    key: 'corrupt',
    title: `${seqs.length} stored message${seqs.length === 1 ? '' : 's'} could not be read and ${seqs.length === 1 ? 'is' : 'are'} not shown.`,
    details: [
      `Unreadable: ${seqs.map((seq) => `#${seq}`).join(', ')}.`,
      'They stay in storage untouched; the rest of the chat is intact.',
    ],
  };
}

/** The browser's answer to the request for persistent storage. */
export function persistenceNotice(granted: boolean): NoticeInit {
  return granted
    ? { tone: 'success', title: 'Persistent storage granted: the browser will not clear these chats to free space.' }
    : { tone: 'warning', title: 'Persistent storage was not granted.', details: ['The browser may still clear these chats when space runs low. Export the ones you want to keep. Installing the site or bookmarking it makes a grant more likely.'] };
}

/** What a restore of a backup did (the same words as Settings → Backup, for when the dialog was closed). */
export function restoredNotice(result: ImportAllResult): NoticeInit {
  const skipped = skippedLines(result);
  return skipped.length === 0
    ? { tone: 'success', key: 'backup', title: restoreTitle(result) }
    : { tone: 'warning', key: 'backup', title: restoreTitle(result), details: skipped.slice(0, 8).concat(skipped.length > 8 ? [`…and ${skipped.length - 8} more.`] : []) };
}
