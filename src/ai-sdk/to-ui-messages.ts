import type { Entry } from '../core/entry.js';
import type { AssistantBlock, AssistantMessage, Message, ToolMessage, UserMessage, UserPart } from '../core/message.js';
import { UI_METADATA_KEY, UI_PARTS_KEY, type BlockItem, type LayoutItem, type PartRecord } from './ui-layout.js';
import { urlOfSource } from './ui-media.js';
import type { UIMessage, UIMessagePart } from './ui-message-types.js';
import { groupTurns, type Turn } from './group-turns.js';

const NOT_COMPLETED = 'The tool call did not complete.';

/**
 * Converts stored entries (or plain messages) into AI SDK UIMessages for `useChat`: one per user
 * message, one per assistant turn (its assistant messages and tool results up to the next user
 * message, or up to the next message stored from another UIMessage), with a `step-start` part
 * before each step. Tool calls become `tool-<name>` parts in `output-available` or
 * `output-error` (a call without a result too, so nothing is left pending); reasoning, images and
 * files become their parts. A UIMessage stored by `fromUIMessages`/`saveUIMessages` comes back
 * exactly, id, metadata and all; otherwise the id is the entry's (or `message-<n>` for plain
 * messages). Compaction entries are left out: the UI shows the whole history. Stored attachments
 * are left out too (this function reads no bytes): `loadUIMessages` gives them back as URLs.
 *
 * @example
 * const chat = useChat({ id, messages: toUIMessages(await store.entries(id)) })
 */
export function toUIMessages<MESSAGE = UIMessage>(entriesOrMessages: readonly (Entry | Message)[]): MESSAGE[] {
  if (!Array.isArray(entriesOrMessages)) throw new TypeError('toUIMessages expects an array of entries or messages');
  return groupTurns(entriesOrMessages).map((turn) => uiMessageOf(turn) as MESSAGE);
}

function uiMessageOf(turn: Turn): UIMessage {
  const first = turn.messages[0]!;
  const parts = first.role === 'user' ? userParts(first) : assistantParts(turn.messages);
  const message: UIMessage = { id: turn.id, role: first.role === 'user' ? 'user' : 'assistant', parts };
  const metadata = first.appData?.[UI_METADATA_KEY];
  if (metadata !== undefined) message.metadata = metadata;
  return message;
}

function layoutOf(message: Message, fallback: () => LayoutItem[]): LayoutItem[] {
  const layout = message.appData?.[UI_PARTS_KEY];
  return Array.isArray(layout) ? (layout as LayoutItem[]) : fallback();
}

function userParts(message: UserMessage): UIMessagePart[] {
  const content: UserPart[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
  const layout = layoutOf(message, () => content.map((_, block) => ({ block })));
  return layout.flatMap((item) => {
    if ('part' in item) return [item.part as UIMessagePart];
    const block = content[item.block];
    return block === undefined ? [] : partOf(block, item, new Map());
  });
}

function assistantParts(messages: readonly Message[]): UIMessagePart[] {
  const parts: UIMessagePart[] = [];
  messages.forEach((message, index) => {
    if (message.role !== 'assistant') return;
    const results = resultsAfter(messages, index);
    const layout = layoutOf(message, () => [{ part: { type: 'step-start' } }, ...message.content.map((_, block) => ({ block }))]);
    for (const item of layout) {
      if ('part' in item) parts.push(item.part as UIMessagePart);
      else {
        const block = (message as AssistantMessage).content[item.block];
        if (block !== undefined) parts.push(...partOf(block, item, results));
      }
    }
  });
  return parts;
}

/** The tool results in the run of tool messages right after `messages[index]`, by call id. */
function resultsAfter(messages: readonly Message[], index: number): Map<string, ToolMessage> {
  const results = new Map<string, ToolMessage>();
  for (const message of messages.slice(index + 1)) {
    if (message.role !== 'tool') break;
    if (!results.has(message.toolCallId)) results.set(message.toolCallId, message);
  }
  return results;
}

function partOf(block: AssistantBlock | UserPart, item: BlockItem, results: Map<string, ToolMessage>): UIMessagePart[] {
  const extra = item.extra ?? {};
  switch (block.type) {
    case 'text':
    case 'reasoning':
      return [{ type: block.type, text: block.text, ...extra } as UIMessagePart];
    case 'refusal':
      return [{ type: 'text', text: block.text, ...extra } as UIMessagePart];
    case 'image':
    case 'file': {
      const media = urlOfSource(block.source, block.type === 'image' ? 'image' : 'application/octet-stream');
      // ai's convertToModelMessages reads the URL with `new URL()`: a relative or broken one would make it throw.
      if (media === undefined || !URL.canParse(media.url)) return [];
      const filename = block.type === 'file' && block.filename !== undefined ? { filename: block.filename } : {};
      return [{ type: 'file', mediaType: media.mediaType, url: media.url, ...filename, ...extra } as UIMessagePart];
    }
    case 'tool_call':
      return [toolPart(block.id, block.name, block.arguments, item, results.get(block.id))];
    default:
      // Provider-run tools and raw provider items replay only to their own provider.
      return [];
  }
}

function toolPart(id: string, name: string, argumentsText: string, item: BlockItem, result: ToolMessage | undefined): UIMessagePart {
  const part: PartRecord = { type: `tool-${name}`, toolCallId: id, state: 'output-error' };
  if (item.noInput !== true) part.input = parsed(argumentsText);
  if (result === undefined) part.errorText = NOT_COMPLETED;
  else if (result.isError === true) part.errorText = textOf(result);
  else {
    part.state = 'output-available';
    part.output = item.json === true ? parsed(textOf(result)) : textOf(result);
  }
  const merged: PartRecord = { ...part, ...item.extra };
  // A denied call has no error text of its own: its reason is in `approval`.
  if (merged.state === 'output-denied') delete merged.errorText;
  return merged as unknown as UIMessagePart;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function textOf(result: ToolMessage): string {
  if (typeof result.content === 'string') return result.content;
  return result.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
}
