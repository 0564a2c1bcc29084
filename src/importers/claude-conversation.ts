// claude.ai's data export: `conversations.json` is an array of { uuid, name, created_at,
// updated_at, chat_messages }. Each message has `sender` "human" | "assistant", `text` and, in
// newer exports, `content` blocks (text, thinking, and the tool_use / tool_result pairs of tools
// claude.ai ran itself, inside the assistant message), `attachments` (pasted or uploaded text, with
// `extracted_content`), `files` (by reference only) and `parent_message_uuid`, whose root value is
// the all-zero UUID 00000000-0000-4000-8000-000000000000.
import { isJsonObject } from '../core/is-json-object.js';
import type { AssistantBlock, Message, UserPart } from '../core/message.js';
import { appendAll } from './append-all.js';
import { buildConversationTree, type SourceNode } from './conversation-tree.js';
import type { ConvertedConversation } from './converted-conversation.js';
import { optionalString, requireArray, requireId, requireRecord, requireString, type SourcePath } from './source-fields.js';
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
  const records = messages.map((message, index) => requireRecord(message, [...path, 'chat_messages', index], 'a chat message'));
  const linked = records.some((message) => 'parent_message_uuid' in message);
  let previous: string | null = null;
  const nodes = records.map((message, index): SourceNode => {
    const at = [...path, 'chat_messages', index];
    const uuid = requireId(message.uuid, [...at, 'uuid'], 'the message uuid');
    const parentId = linked ? parentOf(message.parent_message_uuid, [...at, 'parent_message_uuid']) : previous;
    previous = uuid;
    return { id: uuid, parentId, timestamp: toIsoTime(message.created_at), message: convertMessage(message, at, warnings, index), path: at };
  });
  const head = optionalString(conversation.current_leaf_message_uuid, [...path, 'current_leaf_message_uuid'], 'the current leaf');
  const exported = buildConversationTree({
    id: id ?? `claude-${path.at(-1) ?? 0}`, title,
    createdAt: toIsoTime(conversation.created_at), updatedAt: toIsoTime(conversation.updated_at),
    headSourceId: head ?? (linked ? undefined : previous ?? undefined), mergeAssistantRuns: false,
  }, nodes);
  return { conversation: exported, warnings: warnings.warnings };
}

function parentOf(value: unknown, path: SourcePath): string | null {
  if (value === undefined || value === null || value === ROOT_PARENT) return null;
  return requireId(value, path, 'the parent message uuid');
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
