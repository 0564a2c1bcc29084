import { IMPORTED_FROM_KEY, type ImportedFrom } from '../core/imported-from.js';
import type { AppData, AssistantMessage, Message } from '../core/message.js';
import { appendAll } from './append-all.js';
import type { ConversationExportV2, ImportedEntry } from './conversation-export-v2.js';
import { invalidSource, type SourcePath } from './source-fields.js';

/** One node of a foreign conversation tree, already converted. */
export interface SourceNode {
  /** The source id; it becomes the entry id. */
  id: string;
  /** The source parent id, or `null` for a root. */
  parentId: string | null;
  /** ISO time, or `undefined` to inherit the parent's. */
  timestamp: string | undefined;
  /** The converted message; `null` skips the node and hands its children to its parent. */
  message: Message | null;
  /** Where the node sits in the source, for errors. */
  path: SourcePath;
  /** The source node was the user's (even if skipped): assistant nodes on either side of it are two turns, never merged. */
  opensTurn?: boolean;
}

/** Everything {@link buildConversationTree} needs besides the nodes. */
export interface TreeHeader {
  id: string;
  title: string;
  createdAt: string | undefined;
  updatedAt: string | undefined;
  /** The source id of the node the user was on (ChatGPT `current_node`, Open WebUI `currentId`). */
  headSourceId: string | undefined;
  /**
   * Fold a run of assistant nodes without a fork between them into one assistant message: ChatGPT
   * stores one turn as several nodes (reasoning, a tool call, its output, the answer).
   */
  mergeAssistantRuns: boolean;
  /** The app and the conversation's id there, kept under `appData['convolog.importedFrom']`; absent without a source id. */
  source: ImportedFrom | undefined;
}

const EPOCH = '1970-01-01T00:00:00.000Z';

/**
 * A foreign message tree as a v2 export: skipped nodes vanish and their children move up to the
 * nearest kept ancestor, entries come parents first (siblings by time), and the head is the entry
 * of the node the user was on (or of its nearest kept ancestor). An unknown parent, a duplicate
 * id or a cycle of parent links is `invalid_history`. Iterative throughout: a 100,000-node chain
 * cannot overflow the stack.
 * @internal
 */
export function buildConversationTree(header: TreeHeader, nodes: readonly SourceNode[]): ConversationExportV2 {
  const byId = indexNodes(nodes);
  const order = preOrder(nodes, byId);
  const { keptParent, crossesTurn } = resolveKeptParents(order, byId);
  const keptChildren = countKeptChildren(order, keptParent);
  const entryOf = new Map<string, ImportedEntry>();
  const entries: ImportedEntry[] = [];
  const inheritedTime = new Map<string, string>();
  for (const node of order) {
    const parentTime = node.parentId === null ? undefined : inheritedTime.get(node.parentId);
    const timestamp = node.timestamp ?? parentTime ?? header.createdAt ?? EPOCH;
    inheritedTime.set(node.id, timestamp);
    if (node.message === null) continue;
    const parentSourceId = keptParent.get(node.id) ?? null;
    const parentEntry = parentSourceId === null ? undefined : entryOf.get(parentSourceId);
    if (header.mergeAssistantRuns && parentEntry !== undefined && !crossesTurn.has(node.id) && canMerge(parentEntry, node.message, keptChildren.get(parentSourceId!))) {
      appendAll((parentEntry.message as AssistantMessage).content, (node.message as AssistantMessage).content);
      entryOf.set(node.id, parentEntry);
      continue;
    }
    const entry: ImportedEntry = {
      type: 'message', id: node.id, conversationId: header.id, seq: entries.length + 1, timestamp,
      parentId: parentEntry?.id ?? null, message: copyMessage(node.message),
    };
    entries.push(entry);
    entryOf.set(node.id, entry);
  }
  return exportOf(header, entries, headEntryId(header.headSourceId, byId, keptParent, entryOf));
}

function indexNodes(nodes: readonly SourceNode[]): Map<string, SourceNode> {
  const byId = new Map<string, SourceNode>();
  for (const node of nodes) {
    if (byId.has(node.id)) throw invalidSource(node.path, `The message id "${node.id}" appears twice in this conversation`);
    byId.set(node.id, node);
  }
  for (const node of nodes) {
    if (node.parentId !== null && !byId.has(node.parentId)) {
      throw invalidSource(node.path, `Message "${node.id}" follows "${node.parentId}", which is not in this conversation`);
    }
  }
  return byId;
}

/** Every node reachable from a root, parents first, siblings by time then source order; a node left over sits on a cycle. */
function preOrder(nodes: readonly SourceNode[], byId: ReadonlyMap<string, SourceNode>): SourceNode[] {
  const children = new Map<string | null, SourceNode[]>();
  for (const node of nodes) {
    const siblings = children.get(node.parentId);
    if (siblings === undefined) children.set(node.parentId, [node]);
    else siblings.push(node);
  }
  const position = new Map(nodes.map((node, index) => [node.id, index]));
  const byTime = (a: SourceNode, b: SourceNode): number =>
    (a.timestamp ?? '').localeCompare(b.timestamp ?? '') || position.get(a.id)! - position.get(b.id)!;
  const order: SourceNode[] = [];
  const stack = [...(children.get(null) ?? [])].sort(byTime).reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    order.push(node);
    const below = children.get(node.id);
    if (below !== undefined) appendAll(stack, [...below].sort(byTime).reverse());
  }
  if (order.length < nodes.length) {
    const seen = new Set(order.map((node) => node.id));
    const stranded = nodes.find((node) => !seen.has(node.id))!;
    throw invalidSource([...stranded.path], `Message "${stranded.id}" is on a cycle of parent links (${describeCycle(stranded, byId)}), which no conversation has`);
  }
  return order;
}

function describeCycle(start: SourceNode, byId: ReadonlyMap<string, SourceNode>): string {
  const names: string[] = [];
  let node: SourceNode | undefined = start;
  while (node !== undefined && names.length < 4) {
    names.push(node.id);
    node = node.parentId === null ? undefined : byId.get(node.parentId);
  }
  return `${names.join(' → ')} → …`;
}

/**
 * Each node's nearest kept ancestor (source ids), and the nodes separated from it by a skipped user
 * node (a turn whose message was left out); a pre-order walk resolves parents first.
 */
function resolveKeptParents(order: readonly SourceNode[], byId: ReadonlyMap<string, SourceNode>): { keptParent: Map<string, string | null>; crossesTurn: Set<string> } {
  const keptOrAbove = new Map<string, string | null>();
  const keptParent = new Map<string, string | null>();
  const crossesTurn = new Set<string>();
  for (const node of order) {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId)!;
    const above = parent === undefined ? null : keptOrAbove.get(parent.id) ?? null;
    keptParent.set(node.id, above);
    if (parent !== undefined && parent.message === null && (parent.opensTurn === true || crossesTurn.has(parent.id))) crossesTurn.add(node.id);
    keptOrAbove.set(node.id, node.message === null ? above : node.id);
  }
  return { keptParent, crossesTurn };
}

function countKeptChildren(order: readonly SourceNode[], keptParent: ReadonlyMap<string, string | null>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const node of order) {
    if (node.message === null) continue;
    const parent = keptParent.get(node.id);
    if (parent != null) counts.set(parent, (counts.get(parent) ?? 0) + 1);
  }
  return counts;
}

/** An assistant node joins its assistant parent's message when it is the parent's only child (no fork lost). */
function canMerge(parent: ImportedEntry, message: Message, siblings: number | undefined): boolean {
  return parent.message.role === 'assistant' && message.role === 'assistant' && siblings === 1;
}

function copyMessage(message: Message): Message {
  return message.role === 'assistant' ? { ...message, content: [...message.content] } : message;
}

function headEntryId(
  headSourceId: string | undefined, byId: ReadonlyMap<string, SourceNode>,
  keptParent: ReadonlyMap<string, string | null>, entryOf: ReadonlyMap<string, ImportedEntry>,
): string | null {
  if (headSourceId === undefined || !byId.has(headSourceId)) return null;
  const kept = byId.get(headSourceId)!.message === null ? keptParent.get(headSourceId) ?? null : headSourceId;
  return kept === null ? null : entryOf.get(kept)?.id ?? null;
}

function exportOf(header: TreeHeader, entries: ImportedEntry[], headId: string | null): ConversationExportV2 {
  const times = entries.map((entry) => entry.timestamp).sort();
  const createdAt = header.createdAt ?? times[0] ?? EPOCH;
  const updatedAt = latest(header.updatedAt ?? createdAt, times.at(-1) ?? createdAt);
  return {
    format: 'convolog.conversation', formatVersion: 2, exportedAt: updatedAt,
    conversation: { id: header.id, title: header.title, createdAt, updatedAt, headId, ...sourceData(header.source) },
    entries,
  };
}

/** A re-import recognizes the conversation by its source, so it can skip or replace it instead of duplicating it. */
function sourceData(source: ImportedFrom | undefined): { appData?: AppData } {
  return source === undefined ? {} : { appData: { [IMPORTED_FROM_KEY]: { app: source.app, id: source.id } } };
}

function latest(a: string, b: string): string {
  return a > b ? a : b;
}
