/**
 * A fresh tool call id for a call the provider sent without one: `call_` + a UUID v7 (RFC 9562),
 * so it is unique across conversations and sorts by creation time (to the millisecond).
 *
 * Made here rather than with `uuid`'s `v7`, whose options and monotonic counter an id that only
 * has to be unique does not need: an app that only sends messages (figure 11e) saves its size.
 */
export function generateCallId(): string {
  // The 80 bits after the timestamp, with the version and variant bits set in place.
  const random = crypto.getRandomValues(new Uint8Array(10));
  random[0] = (random[0]! & 0x0f) | 0x70; // version 7
  random[2] = (random[2]! & 0x3f) | 0x80; // the RFC 9562 variant
  // The first 48 bits: the Unix time in milliseconds, big-endian (12 hex digits until the year 10889).
  const hex = Date.now().toString(16).padStart(12, '0') + Array.from(random, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `call_${hex.replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-')}`;
}
