// Chunks of this many bytes go through String.fromCharCode at once: under every engine's argument limit.
const CHUNK = 0x8000;

/** Standard base64 of `bytes`. @internal */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += CHUNK) binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  return btoa(binary);
}

/** The bytes of standard base64 text (whitespace ignored); throws a DOMException on text that is not base64. @internal */
export function fromBase64(text: string): Uint8Array {
  const binary = atob(text.replace(/\s/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
