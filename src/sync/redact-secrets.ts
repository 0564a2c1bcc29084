// What the app sends in `headers` (an authorization header, an API key) must never reach an
// error, a cause or an event: apps log those and send them to error trackers. fetch itself puts
// a header value it refuses into its TypeError's message, and a custom fetch or a proxy may echo
// the headers back, so everything read from either passes through here.

const REDACTED = '[redacted]';
// Shorter values are no credentials (and would redact ordinary words); deeper cause chains are cut.
const MIN_SECRET_LENGTH = 4;
const MAX_CAUSE_DEPTH = 5;

/** Turns text that might quote a header value into text that does not. @internal */
export type Redact = (text: string) => string;

/**
 * A {@link Redact} for these headers: every value counts as a secret, and so does the part after
 * an auth scheme (`Bearer <token>`), which a message may quote on its own.
 * @internal
 */
export function redactorOf(headers: Record<string, string> | undefined): Redact {
  const secrets = new Set<string>();
  for (const value of Object.values(headers ?? {})) {
    if (typeof value !== 'string') continue;
    for (const secret of [value, value.trim(), value.trim().replace(/^\S+\s+/, '')]) {
      if (secret.length >= MIN_SECRET_LENGTH) secrets.add(secret);
    }
  }
  // Longest first, so a value is cut whole before its token part is looked for.
  const ordered = [...secrets].sort((left, right) => right.length - left.length);
  return (text) => ordered.reduce((result, secret) => result.split(secret).join(REDACTED), text);
}

/**
 * `cause` itself when nothing in it (message, stack, own string properties, its cause chain)
 * quotes a secret; otherwise a copy of the chain as plain errors (name and redacted message,
 * nothing else), so the app still learns why without the credential. @internal
 */
export function redactCause(cause: unknown, redact: Redact): unknown {
  return quotesSecret(cause, redact, 0) ? copyRedacted(cause, redact, 0) : cause;
}

function quotesSecret(value: unknown, redact: Redact, depth: number): boolean {
  if (depth > MAX_CAUSE_DEPTH) return false;
  if (typeof value === 'string') return redact(value) !== value;
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const keys = new Set([...Object.keys(record), 'message', 'stack', 'cause']);
  for (const key of keys) if (quotesSecret(record[key], redact, depth + 1)) return true;
  return false;
}

function copyRedacted(value: unknown, redact: Redact, depth: number): unknown {
  if (depth > MAX_CAUSE_DEPTH || value === undefined || value === null) return undefined;
  if (!(value instanceof Error)) return new Error(redact(typeof value === 'string' ? value : String(value)));
  const inner = copyRedacted(value.cause, redact, depth + 1);
  const copy = new Error(redact(value.message), inner === undefined ? undefined : { cause: inner });
  copy.name = value.name;
  return copy;
}
