/**
 * A value as a refusal quotes it: a string whole up to 60 characters, else its start, an
 * ellipsis and its length. Error messages name the offending value, and a hostile import can
 * make that value 50 MB (the fuzzer did): quoted whole, it made a 50 MB message, which an app's
 * error log, or Vitest's WebSocket, then had to carry. @internal
 */
export function excerpt(value: string): string {
  if (value.length <= 60) return value;
  // Never half of a surrogate pair (an emoji): a lone surrogate in a message is a hostile value too.
  const end = isHighSurrogate(value.charCodeAt(59)) ? 59 : 60;
  return `${value.slice(0, end)}… (${value.length} characters)`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** `JSON.stringify(value)` cut the same way: for values of any type. @internal */
export function quoted(value: unknown): string {
  return excerpt(JSON.stringify(value) ?? String(value));
}
