// claude.ai's data export: `conversations.json` is an array of { uuid, name, created_at,
// updated_at, chat_messages }. Each message has `sender` "human" | "assistant", `text` and, in
// newer exports, `content` blocks (text, thinking, and the tool_use / tool_result pairs of tools
// claude.ai ran itself, inside the assistant message), `attachments` (pasted or uploaded text, with
// `extracted_content`), `files` (by reference only) and `parent_message_uuid`, whose root value is
// the all-zero UUID 00000000-0000-4000-8000-000000000000.
import { isConvologError } from '../core/error.js';
import { isJsonObject } from '../core/is-json-object.js';
import type { AssistantBlock, Message, UserPart } from '../core/message.js';
import { appendAll } from './append-all.js';
import { buildConversationTree, type SourceNode } from './conversation-tree.js';
import type { ConvertedConversation } from './converted-conversation.js';
import { describeValue, optionalString, requireArray, requireId, requireRecord, requireString, type SourcePath } from './source-fields.js';
import { toIsoTime } from './source-time.js';
import { WarningCollector } from './warning-collector.js';

const ROOT_PARENT = '00000000-0000-4000-8000-000000000000';

/** One element of claude.ai's `conversations.json` → a v2 export. @internal */
export function convertClaudeConversation(value: unknown, path: SourcePath): ConvertedConversation {
  const conversation = requireRecord(value, path, 'a Claude conversation object');
  const id = conversation.uuid === undefined ? undefined : requireId(conversation.uuid, [...path, 'uuid'], 'the conversation uuid');
  const title = optionalString(conversation.name, [...path, 'name'], 'the conversation name') ?? '';
  const warnings = new WarningCollector(id, title);
  const messages = requireArray(conversation.chat_messages, [...path, 'chat_messages'], 'the list `chat_messages`');
  const nodes = readNodes(messages, [...path, 'chat_messages'], warnings);
  const head = optionalString(conversation.current_leaf_message_uuid, [...path, 'current_leaf_message_uuid'], 'the current leaf');
  const exported = buildConversationTree({
    id: id ?? `claude-${path.at(-1) ?? 0}`, title,
    createdAt: toIsoTime(conversation.created_at), updatedAt: toIsoTime(conversation.updated_at),
    headSourceId: head ?? (nodes.linked ? undefined : nodes.list.at(-1)?.id), mergeAssistantRuns: false, source: id === undefined ? undefined : { app: 'claude', id },
  }, nodes.list);
  return { conversation: exported, warnings: warnings.warnings };
}

/**
 * The tree nodes of `chat_messages`. One unreadable message (not an object, no uuid, or a field
 * of the wrong type) is a `dropped_message` and the rest of the conversation imports: a message
 * with a uuid stays as a skipped node, so its children move up to its parent; the children of one
 * without a uuid follow the message before it in the list (messages are listed in time order).
 */
function readNodes(messages: readonly unknown[], path: SourcePath, warnings: WarningCollector): { list: SourceNode[]; linked: boolean } {
  const linked = messages.some((message) => isJsonObject(message) && 'parent_message_uuid' in message);
  const list: SourceNode[] = [];
  const lost = new Set<string>();
  messages.forEach((raw, index) => {
    const at = [...path, index];
    const leftOut = (reason: string): void => warnings.droppedMessage(`message ${index + 1} was left out: ${reason}`, index);
    if (!isJsonObject(raw)) return leftOut(`it is ${describeValue(raw)}, not a message object`);
    const uuid = readId(raw.uuid);
    if (uuid === undefined) return leftOut('it has no uuid to place it in the conversation');
    const parent = linked ? readParent(raw.parent_message_uuid) : list.at(-1)?.id ?? null;
    if (parent === undefined) lost.add(uuid);
    list.push({ id: uuid, parentId: parent ?? null, timestamp: toIsoTime(raw.created_at), message: readMessage(raw, at, index, leftOut, warnings), path: at });
  });
  return { list: linked ? adoptOrphans(list, lost) : list, linked };
}

function readMessage(message: Record<string, unknown>, path: SourcePath, index: number, leftOut: (reason: string) => void, warnings: WarningCollector): Message | null {
  if (message.sender === undefined || message.sender === null) {
    leftOut('it names no sender');
    return null;
  }
  try {
    return convertMessage(message, path, warnings, index);
  } catch (error) {
    if (!isConvologError(error)) throw error;
    leftOut(error.message);
    return null;
  }
}

/** A message whose parent is unreadable or not in the list follows the message listed before it (or starts a branch at the root). */
function adoptOrphans(list: SourceNode[], lost: ReadonlySet<string>): SourceNode[] {
  const known = new Set(list.map((node) => node.id));
  return list.map((node, position) => {
    if (!lost.has(node.id) && (node.parentId === null || known.has(node.parentId))) return node;
    return { ...node, parentId: position === 0 ? null : list[position - 1]!.id };
  });
}

function readId(value: unknown): string | undefined {
  if (typeof value === 'string' && value.length > 0) return value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
}

/** The parent uuid, `null` at the root, `undefined` when unreadable. */
function readParent(value: unknown): string | null | undefined {
  if (value === undefined || value === null || value === ROOT_PARENT) return null;
  return readId(value);
}

function convertMessage(message: Record<string, unknown>, path: SourcePath, warnings: WarningCollector, index: number): Message | null {
  const sender = optionalString(message.sender, [...path, 'sender'], 'the sender');
  if (sender === 'human' || sender === 'user') return userMessage(message, path, warnings, index);
  if (sender === 'assistant') return assistantMessage(message, path, warnings, index);
  warnings.droppedMessage(`a message from the unknown sender ${JSON.stringify(sender ?? null)} was left out`, index);
  return null;
}

function userMessage(message: Record<string, unknown>, path: SourcePath, warnings: WarningCollector, index: number): Message | null {
  const parts: UserPart[] = blocksOf(message, path).flatMap(({ block, at }): UserPart[] => {
    if (block.type === 'text') return nonEmptyText(requireString(block.text, [...at, 'text'], 'the text'));
    warnings.droppedBlock(`a "${String(block.type)}" block of a user message was left out`, index);
    return [];
  });
  appendAll(parts, attachments(message, path, warnings, index));
  if (parts.length === 0) return null;
  return { role: 'user', content: parts.length === 1 ? (parts[0] as { text: string }).text : parts };
}

function assistantMessage(message: Record<string, unknown>, path: SourcePath, warnings: WarningCollector, index: number): Message | null {
  const content = blocksOf(message, path).flatMap(({ block, at }): AssistantBlock[] => {
    if (block.type === 'text') return nonEmptyText(requireString(block.text, [...at, 'text'], 'the text'));
    if (block.type === 'thinking') {
      const text = requireString(block.thinking ?? '', [...at, 'thinking'], 'the thinking');
      return text.trim() === '' ? [] : [{ type: 'reasoning', text }];
    }
    if (block.type === 'tool_use') {
      warnings.droppedBlock(`a call of claude.ai's built-in "${String(block.name)}" tool was left out (claude.ai ran it; no client tool call exists)`, index);
      return [];
    }
    if (block.type === 'tool_result') {
      warnings.droppedBlock(`the result of claude.ai's built-in "${String(block.name)}" tool was left out`, index);
      return [];
    }
    warnings.droppedBlock(`a "${String(block.type)}" block was left out`, index);
    return [];
  });
  return content.length === 0 ? null : { role: 'assistant', content };
}

/** `content` blocks, or the plain `text` of older exports (and of messages whose content is empty). */
function blocksOf(message: Record<string, unknown>, path: SourcePath): { block: Record<string, unknown>; at: SourcePath }[] {
  const content = message.content === undefined ? [] : requireArray(message.content, [...path, 'content'], 'a list of content blocks');
  if (content.length === 0) {
    const text = optionalString(message.text, [...path, 'text'], 'the message text') ?? '';
    return [{ block: { type: 'text', text }, at: path }];
  }
  return content.map((block, position) => ({ block: requireRecord(block, [...path, 'content', position], 'a content block'), at: [...path, 'content', position] }));
}

/** Pasted and uploaded text reached the model as text, so it comes along; files held by reference cannot. */
function attachments(message: Record<string, unknown>, path: SourcePath, warnings: WarningCollector, index: number): UserPart[] {
  const parts: UserPart[] = [];
  const attached = message.attachments === undefined ? [] : requireArray(message.attachments, [...path, 'attachments'], 'a list of attachments');
  attached.forEach((attachment, position) => {
    const record = requireRecord(attachment, [...path, 'attachments', position], 'an attachment');
    const name = typeof record.file_name === 'string' && record.file_name !== '' ? record.file_name : 'an attachment';
    const text = optionalString(record.extracted_content, [...path, 'attachments', position, 'extracted_content'], 'the extracted content');
    if (text !== undefined && text !== '') parts.push({ type: 'text', text: `[Attachment: ${name}]\n${text}` });
    else warnings.droppedBlock(`the attachment "${name}" was left out: the export holds no content for it`, index);
  });
  const files = message.files === undefined ? [] : requireArray(message.files, [...path, 'files'], 'a list of files');
  for (const file of files) {
    const name = isJsonObject(file) && typeof file.file_name === 'string' ? file.file_name : 'a file';
    warnings.droppedBlock(`the file "${name}" was left out: the export holds it only by reference to claude.ai`, index);
  }
  return parts;
}

function nonEmptyText(text: string): { type: 'text'; text: string }[] {
  return text === '' ? [] : [{ type: 'text', text }];
}
