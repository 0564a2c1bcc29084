/** The outcome of reading a tool call's `arguments` text. */
export type ParsedToolArguments =
  | { ok: true; value: unknown }
  | { ok: false };

/**
 * Parses the JSON text of a tool call's arguments. Blank text counts as `{}`: several
 * OpenAI-compatible servers send `""` for a tool that takes no arguments.
 */
export function parseToolArguments(text: string): ParsedToolArguments {
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
