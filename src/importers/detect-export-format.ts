import { isJsonObject } from '../core/is-json-object.js';
import type { ExportFormat, ForeignExportFormat } from './export-format.js';
import { scanTopLevelArray, startsWithArray } from './json-array-scanner.js';

/**
 * Which app wrote an export file: `'convolog'` (a conversation export, its JSON Lines form or a
 * serialized history), `'chatgpt'` (`conversations.json` from ChatGPT's data export), `'claude'`
 * (`conversations.json` from claude.ai's data export), `'open_webui'` (Open WebUI's chat export),
 * or `null`. Takes the file's text or its parsed value; for an array, only the first conversation
 * is parsed, so detecting a 100 MB file is cheap. Never throws.
 *
 * @example
 * const format = detectExportFormat(await file.text()); // 'chatgpt'
 */
export function detectExportFormat(data: unknown): ExportFormat | null {
  try {
    if (typeof data === 'string') return detectText(data);
    if (Array.isArray(data)) return data.length === 0 ? null : detectConversation(data[0]);
    return detectObject(data);
  } catch {
    return null;
  }
}

function detectText(text: string): ExportFormat | null {
  if (startsWithArray(text)) {
    for (const span of scanTopLevelArray(text)) return detectConversation(JSON.parse(text.slice(span.start, span.end)));
    return null;
  }
  const firstLine = text.trimStart().split('\n', 1)[0] ?? '';
  try {
    const header: unknown = JSON.parse(firstLine);
    if (isJsonObject(header) && header.format === 'convolog.conversation') return 'convolog';
  } catch {
    // not JSON Lines: parse the whole text below
  }
  return detectObject(JSON.parse(text));
}

function detectObject(value: unknown): ExportFormat | null {
  if (!isJsonObject(value)) return null;
  if (value.format === 'convolog.conversation' || value.format === 'convolog.history') return 'convolog';
  if (value.format === undefined && Array.isArray(value.messages) && !('chat' in value)) return 'convolog';
  if (Array.isArray(value.conversations)) return value.conversations.length === 0 ? null : detectConversation(value.conversations[0]);
  return detectConversation(value);
}

/** The format one conversation object is in. @internal */
export function detectConversation(value: unknown): ForeignExportFormat | null {
  if (!isJsonObject(value)) return null;
  if (isJsonObject(value.mapping)) return 'chatgpt';
  if (Array.isArray(value.chat_messages)) return 'claude';
  if (isJsonObject(value.chat) && isJsonObject(value.chat.history)) return 'open_webui';
  return null;
}
