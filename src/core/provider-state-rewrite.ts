import type { Message, Role } from './message.js';
import { filterNamespaces, type NamespaceFilterResult } from './provider-state-namespaces.js';
import type { ContentItem, DropReason, RetentionPolicy } from './provider-state-policy.js';
import type { Warning } from './warning.js';

/** What `retainPortableContent` and `retainProviderState` return. */
export interface RetentionResult {
  /** One message per input message, at the same index; unchanged ones are the very same objects. */
  messages: Message[];
  /** One `dropped_block` per removed block or part, one `dropped_provider_data` per `providerData` that lost namespaces. */
  warnings: Warning[];
}

/**
 * Applies a retention policy to every message. Never removes a message and never writes to its
 * input: a message, block or part that needs no change is returned as the same object, and one
 * that does is a shallow copy.
 * @internal
 */
export function rewriteMessages(messages: readonly Message[], policy: RetentionPolicy): RetentionResult {
  const warnings: Warning[] = [];
  const output = messages.map((message, messageIndex) => rewriteMessage(message, messageIndex, policy, warnings));
  return { messages: output, warnings };
}

function rewriteMessage(message: Message, messageIndex: number, policy: RetentionPolicy, warnings: Warning[]): Message {
  const providerData = filterNamespaces(message.providerData, policy.keepsNamespace);
  if (providerData !== undefined && providerData.removed.length > 0) {
    warnings.push({
      code: 'dropped_provider_data',
      message: `Removed provider data ${listNames(providerData.removed)} from message ${messageIndex}: ${policy.providerDataWhy}`,
      messageIndex,
    });
  }
  const content = Array.isArray(message.content)
    ? rewriteContent(message.content as readonly ContentItem[], message.role, messageIndex, policy, warnings)
    : undefined;
  if (providerData === undefined && content === undefined) return message;
  let result = message;
  if (providerData !== undefined) result = withProviderData(result, providerData);
  if (content !== undefined) result = { ...result, content } as Message;
  return result;
}

/** The rewritten content array, or `undefined` when every item stays as it is. */
function rewriteContent(
  content: readonly ContentItem[], role: Role, messageIndex: number, policy: RetentionPolicy, warnings: Warning[],
): ContentItem[] | undefined {
  let output: ContentItem[] | undefined;
  for (let blockIndex = 0; blockIndex < content.length; blockIndex++) {
    const item = content[blockIndex]!;
    const reason = policy.dropReason(item, role);
    if (reason !== undefined) {
      warnings.push(droppedBlockWarning(item, role, messageIndex, blockIndex, reason));
      output ??= content.slice(0, blockIndex);
      continue;
    }
    const providerData = filterNamespaces(item.providerData, policy.keepsNamespace);
    if (providerData === undefined) {
      output?.push(item);
      continue;
    }
    if (providerData.removed.length > 0) {
      warnings.push({
        code: 'dropped_provider_data',
        message: `Removed provider data ${listNames(providerData.removed)} from ${nounFor(role)} ${blockIndex} ` +
          `of message ${messageIndex}: ${policy.providerDataWhy}`,
        messageIndex,
        blockIndex,
      });
    }
    output ??= content.slice(0, blockIndex);
    output.push(withProviderData(item, providerData));
  }
  return output;
}

function droppedBlockWarning(
  item: ContentItem, role: Role, messageIndex: number, blockIndex: number, reason: DropReason,
): Warning {
  const detail = reason.detail === '' ? '' : ` (${reason.detail})`;
  return {
    code: 'dropped_block',
    message: `Removed a \`${String(item.type)}\` ${nounFor(role)}${detail} from message ${messageIndex}: ${reason.why}`,
    messageIndex,
    blockIndex,
  };
}

/** Assistant content is made of blocks; user and tool-result content of parts. */
function nounFor(role: Role): 'block' | 'part' {
  return role === 'assistant' ? 'block' : 'part';
}

function listNames(names: readonly string[]): string {
  return names.map((name) => `\`${name}\``).join(', ');
}

function withProviderData<T extends { providerData?: unknown }>(object: T, filtered: NamespaceFilterResult): T {
  if (filtered.providerData !== undefined) return { ...object, providerData: filtered.providerData };
  const { providerData: _removed, ...rest } = object;
  return rest as T;
}
