import { isJsonObject } from '../core/is-json-object.js';
import type { ConvertedConversation } from './converted-conversation.js';
import { convertChatGPTMessage } from './chatgpt-content.js';
import { buildConversationTree, type SourceNode } from './conversation-tree.js';
import { optionalString, requireId, requireRecord, type SourcePath } from './source-fields.js';
import { toIsoTime } from './source-time.js';
import { WarningCollector } from './warning-collector.js';

/**
 * One element of ChatGPT's `conversations.json` → a v2 export. Every node of the `mapping` tree
 * is kept (every branch), `current_node` becomes the head, and a turn's chain of assistant and
 * tool nodes folds into one assistant message. `keepMedia`: see `convertChatGPTMessage`.
 * @internal
 */
export function convertChatGPTConversation(value: unknown, path: SourcePath, keepMedia = false): ConvertedConversation {
  const conversation = requireRecord(value, path, 'a ChatGPT conversation object');
  const id = sourceId(conversation, path);
  const title = optionalString(conversation.title, [...path, 'title'], 'the title') ?? '';
  const warnings = new WarningCollector(id, title);
  const mapping = requireRecord(conversation.mapping, [...path, 'mapping'], 'the `mapping` of message nodes');
  const nodes = Object.keys(mapping).map((nodeId, index) => sourceNode(nodeId, mapping[nodeId], [...path, 'mapping', nodeId], warnings, index, keepMedia));
  const exported = buildConversationTree({
    id: id ?? `chatgpt-${path.at(-1) ?? 0}`, title,
    createdAt: toIsoTime(conversation.create_time), updatedAt: toIsoTime(conversation.update_time),
    headSourceId: optionalString(conversation.current_node, [...path, 'current_node'], 'current_node'),
    mergeAssistantRuns: true, source: id === undefined ? undefined : { app: 'chatgpt', id },
  }, nodes);
  return { conversation: exported, warnings: warnings.warnings };
}

function sourceId(conversation: Record<string, unknown>, path: SourcePath): string | undefined {
  const raw = conversation.conversation_id ?? conversation.id;
  return raw === undefined || raw === null ? undefined : requireId(raw, [...path, 'id'], 'the conversation id');
}

function sourceNode(nodeId: string, raw: unknown, path: SourcePath, warnings: WarningCollector, index: number, keepMedia: boolean): SourceNode {
  requireId(nodeId, path, 'a node id');
  const node = requireRecord(raw, path, 'a mapping node');
  const parent = node.parent === undefined || node.parent === null ? null : requireId(node.parent, [...path, 'parent'], 'the parent node id');
  const message = convertChatGPTMessage(node.message, [...path, 'message'], warnings, index, keepMedia);
  const time = isJsonObject(node.message) ? toIsoTime(node.message.create_time) : undefined;
  const opensTurn = isJsonObject(node.message) && isJsonObject(node.message.author) && node.message.author.role === 'user';
  return { id: nodeId, parentId: parent, timestamp: time, message, path, opensTurn };
}
