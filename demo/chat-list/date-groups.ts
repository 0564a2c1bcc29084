// The sidebar's date groups: Today, Yesterday, Previous 7 days, then one per month ("March 2026").
import type { Conversation } from '../../src/index.js';

const month = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });
const DAY = 86_400_000;

/** The group a last-activity time falls in, seen from `now` (local calendar days). */
export function dateGroupOf(iso: string, now: Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Older';
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (date.getTime() >= today) return 'Today';
  if (date.getTime() >= today - DAY) return 'Yesterday';
  if (date.getTime() >= today - 7 * DAY) return 'Previous 7 days';
  return month.format(date);
}

/** Consecutive chats of the same group, in list order (the list is newest first, so each group is one run). */
export function groupByDate(conversations: readonly Conversation[], now: Date): Array<{ label: string; conversations: Conversation[] }> {
  const groups: Array<{ label: string; conversations: Conversation[] }> = [];
  for (const conversation of conversations) {
    const label = dateGroupOf(conversation.updatedAt, now);
    const last = groups.at(-1);
    if (last?.label === label) last.conversations.push(conversation);
    else groups.push({ label, conversations: [conversation] });
  }
  return groups;
}
