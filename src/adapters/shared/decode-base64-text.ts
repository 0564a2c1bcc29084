/** UTF-8 text from base64 data (for text documents, which Anthropic and Chat Completions take as text). */
export function decodeBase64Text(data: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(data), (character) => character.charCodeAt(0)));
}
