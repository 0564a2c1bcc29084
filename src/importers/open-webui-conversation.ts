// Open WebUI's chat export: an array of { id, title, chat: { title, history: { messages: { [id]:
// { id, parentId, childrenIds, role, content, timestamp, files? } }, currentId } }, created_at,
// updated_at }, times in UNIX seconds. The assistant's `content` is one string in which Open WebUI
// writes its reasoning and the tools it ran as `<details type="reasoning">` / `<details
// type="tool_calls">` HTML; images the user sent are `files` of type "image" with a data: URL.
import { isJsonObject } from '../core/is-json-object.js';
import type { AssistantBlock, Message, UserPart } from '../core/message.js';
import { buildConversationTree, type SourceNode } from './conversation-tree.js';
import type { ConvertedConversation } from './converted-conversation.js';
import { optionalString, requireId, requireRecord, requireString, type SourcePath } from './source-fields.js';
import { toIsoTime } from './source-time.js';
import { WarningCollector } from './warning-collector.js';

/** One element of an Open WebUI chat export → a v2 export. @internal */
export function convertOpenWebUIConversation(value: unknown, path: SourcePath): ConvertedConversation {
  const record = requireRecord(value, path, 'an Open WebUI chat object');
  const chat = requireRecord(record.chat, [...path, 'chat'], 'the `chat` object');
  const id = record.id === undefined ? undefined : requireId(record.id, [...path, 'id'], 'the chat id');
  const title = optionalString(record.title ?? chat.title, [...path, 'title'], 'the title') ?? '';
  const warnings = new WarningCollector(id, title);
  const history = requireRecord(chat.history, [...path, 'chat', 'history'], 'the `history` of the chat');
  const messages = requireRecord(history.messages, [...path, 'chat', 'history', 'messages'], 'the `messages` map');
  const nodes = Object.keys(messages).map((key, index): SourceNode => {
    const at = [...path, 'chat', 'history', 'messages', key];
    const message = requireRecord(messages[key], at, 'a message');
    const parent = message.parentId === undefined || message.parentId === null ? null : requireId(message.parentId, [...at, 'parentId'], 'the parent id');
    return { id: requireId(key, at, 'a message id'), parentId: parent, timestamp: toIsoTime(message.timestamp), message: convertMessage(message, at, warnings, index), path: at };
  });
  const exported = buildConversationTree({
    id: id ?? `open-webui-${path.at(-1) ?? 0}`, title,
    createdAt: toIsoTime(record.created_at ?? chat.timestamp), updatedAt: toIsoTime(record.updated_at),
    headSourceId: optionalString(history.currentId, [...path, 'chat', 'history', 'currentId'], 'currentId'),
    mergeAssistantRuns: false, source: id === undefined ? undefined : { app: 'open_webui', id },
  }, nodes);
  return { conversation: exported, warnings: warnings.warnings };
}

function convertMessage(message: Record<string, unknown>, path: SourcePath, warnings: WarningCollector, index: number): Message | null {
  const role = optionalString(message.role, [...path, 'role'], 'the role');
  const content = requireString(message.content ?? '', [...path, 'content'], 'the message content');
  if (role === 'user') return userMessage(content, message.files, path, warnings, index);
  if (role === 'assistant') {
    const blocks = assistantBlocks(content, warnings, index);
    return blocks.length === 0 ? null : { role: 'assistant', content: blocks };
  }
  if (role === 'system') {
    if (content.trim() !== '') warnings.droppedMessage('a system message was left out: a convolog history holds no system prompt', index);
    return null;
  }
  warnings.droppedMessage(`a message with the unknown role ${JSON.stringify(role ?? null)} was left out`, index);
  return null;
}

function userMessage(text: string, files: unknown, path: SourcePath, warnings: WarningCollector, index: number): Message | null {
  const parts: UserPart[] = text === '' ? [] : [{ type: 'text', text }];
  const list = Array.isArray(files) ? files : [];
  list.forEach((file, position) => {
    const image = isJsonObject(file) && file.type === 'image' && typeof file.url === 'string' ? dataUrlImage(file.url) : undefined;
    if (image !== undefined) { parts.push(image); return; }
    const name = isJsonObject(file) ? optionalString(file.name, [...path, 'files', position, 'name'], 'the file name') : undefined;
    warnings.droppedBlock(`the file ${name === undefined ? '' : `"${name}" `}was left out: the export holds it only by reference to the Open WebUI server`, index);
  });
  if (parts.length === 0) return null;
  return { role: 'user', content: parts.length === 1 && parts[0]!.type === 'text' ? text : parts };
}

function dataUrlImage(url: string): UserPart | undefined {
  const match = /^data:(image\/[\w.+-]+);base64,([A-Za-z0-9+/=\s]+)$/.exec(url);
  if (match === null) return undefined;
  return { type: 'image', source: { kind: 'base64', mediaType: match[1]!, data: match[2]!.replace(/\s/g, '') } };
}

const DETAILS = /<details\b([^>]*)>([\s\S]*?)<\/details>/g;

/** The answer's text, with Open WebUI's `<details>` sections turned into reasoning (or left out). */
function assistantBlocks(content: string, warnings: WarningCollector, index: number): AssistantBlock[] {
  const blocks: AssistantBlock[] = [];
  let last = 0;
  for (const match of content.matchAll(DETAILS)) {
    pushText(blocks, content.slice(last, match.index));
    last = match.index + match[0].length;
    const type = /\btype="([^"]*)"/.exec(match[1]!)?.[1] ?? '';
    const body = decodeEntities(match[2]!.replace(/<summary>[\s\S]*?<\/summary>/, '')).replace(/^\s*>\s?/gm, '').trim();
    if (type === 'reasoning' && body !== '') blocks.push({ type: 'reasoning', text: body });
    else if (type !== 'reasoning') warnings.droppedBlock(`a "${type || 'details'}" section Open WebUI ran on its side was left out (no client tool call exists to pair it with)`, index);
  }
  pushText(blocks, content.slice(last));
  return blocks;
}

function pushText(blocks: AssistantBlock[], text: string): void {
  const trimmed = text.trim();
  if (trimmed !== '') blocks.push({ type: 'text', text: trimmed });
}

function decodeEntities(text: string): string {
  return text.replace(/&(lt|gt|quot|#39|amp);/g, (_match, name: string) =>
    ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[name]!);
}
