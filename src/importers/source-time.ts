// Foreign exports write times three ways: UNIX seconds with a fraction (ChatGPT's create_time,
// Open WebUI's timestamp), UNIX milliseconds (Open WebUI's chat.timestamp) and ISO text with
// microseconds (claude.ai's created_at). The store wants Date.prototype.toISOString()'s one form.

/** Numbers above this are milliseconds, not seconds: 10^12 s is the year 33658, 10^12 ms is 2001. */
const MILLISECONDS_FROM = 1e12;
const LATEST = 8.64e15;

/**
 * A foreign time as a UTC ISO string to the millisecond, or `undefined` when absent or unreadable.
 * Numbers are UNIX seconds (fractions kept to the millisecond) unless they can only be milliseconds.
 * @internal
 */
export function toIsoTime(value: unknown): string | undefined {
  if (typeof value === 'number') return fromNumber(value);
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return fromNumber(Number(value));
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

function fromNumber(value: number): string | undefined {
  if (!Number.isFinite(value) || value <= 0) return undefined;
  const milliseconds = value >= MILLISECONDS_FROM ? Math.round(value) : Math.round(value * 1000);
  if (milliseconds > LATEST) return undefined;
  return new Date(milliseconds).toISOString();
}
