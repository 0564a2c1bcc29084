/**
 * A fresh tool call id for a call the provider sent without one: `call_` + a UUID v7 (RFC 9562),
 * so it is unique across conversations and sorts by creation time (to the millisecond).
 *
 * Made here rather than with `uuid`'s `v7`, whose options and monotonic counter an id that only
 * has to be unique does not need: an app that only sends messages (figure 11e) saves its size.
 */
export function generateCallId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  // The first 48 bits: the Unix time in milliseconds, big-endian.
  let time = Date.now();
  for (let index = 5; index >= 0; index--) {
    bytes[index] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes[6] = (bytes[6]! & 0x0f) | 0x70; // version 7
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // the RFC 9562 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `call_${hex.replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-')}`;
}
