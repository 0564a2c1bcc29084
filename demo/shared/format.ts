// Formatting for display: relative times, byte sizes, token counts.

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const timeOfDay = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const shortDate = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const longDate = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const fullDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "just now", "5 min ago", "Yesterday", "Mar 4": how long ago an ISO timestamp was. */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24 && date.getDate() === now.getDate()) return timeOfDay.format(date);
  const days = Math.round(hours / 24);
  if (days <= 1) return relative.format(-1, 'day');
  if (days < 7) return relative.format(-days, 'day');
  return date.getFullYear() === now.getFullYear() ? shortDate.format(date) : longDate.format(date);
}

/** The time of day of an ISO timestamp. */
export function formatTimeOfDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : timeOfDay.format(date);
}

/** Date and time, for tooltips. */
export function formatFullDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : fullDate.format(date);
}

/** "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '?';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value >= 10 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

const IMAGE_NAMES: Record<string, string> = { webp: 'WebP', 'svg+xml': 'SVG' };

/** "PDF", "PNG image", or the media type itself for anything else. */
export function mediaKindLabel(mediaType: string): string {
  if (mediaType === 'application/pdf') return 'PDF';
  const image = /^image\/([a-z0-9.+-]+)$/i.exec(mediaType)?.[1];
  if (image !== undefined) return `${IMAGE_NAMES[image.toLowerCase()] ?? image.replace(/\+xml$/, '').toUpperCase()} image`;
  return mediaType === '' ? 'File' : mediaType;
}

/** "~1,234 tokens". */
export function formatTokens(tokens: number): string {
  return `~${Math.round(tokens).toLocaleString('en-US')} tokens`;
}

/** A file name for an export: the title made safe for file systems, plus the date. */
export function exportFileName(title: string, extension: string, now: Date = new Date()): string {
  const base = title.normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60).toLowerCase() || 'chat';
  return `${base}-${now.toISOString().slice(0, 10)}.${extension}`;
}
