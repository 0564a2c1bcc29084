// The title a chat gets before anyone renames it.

/** The title of a chat created with the New chat button; the first message replaces it. */
export const NEW_CHAT_TITLE = 'New chat';

/** A chat title from its first message: the first line, shortened. */
export function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0]?.replace(/\s+/g, ' ') ?? '';
  if (line === '') return NEW_CHAT_TITLE;
  return line.length > 48 ? `${line.slice(0, 47).trimEnd()}…` : line;
}
