// Builds the DOM of one transcript message. Every piece of stored or model text goes in as a
// text node (a message is data, never markup, whoever wrote it), except an answer's text, which
// is Markdown rendered by markdown.ts: sanitized, with no raw HTML, unsafe link or remote image.
// What the user typed stays plain text: it is shown as typed (a pasted log full of `*` and `_`
// must not turn into emphasis), as the chat apps people know do it.
import {
  getAppData, TURN_ENVELOPE_KEY, TurnEnvelopeSchema,
  type AssistantBlock, type AssistantMessage, type MediaSource, type Message, type MessageEntry,
  type ToolMessage, type TurnEnvelope, type UserMessage,
} from '../../src/index.js';
import { h, icon, type Child } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';
import { formatFullDate, formatTimeOfDay } from '../shared/format.js';
import { copyButton, markdownElement } from './markdown.js';
import { attachmentView, inlineImageView, type MediaAccess } from './attachment-view.js';

/** The DOM of a message, with the slots a tool call's result is folded into. */
export interface MessageView {
  element: HTMLElement;
  /** Tool call id → the element its results go in (assistant messages only). */
  resultSlots: Map<string, HTMLElement>;
}

/** A stored message entry; `media` reads its attachments (without it they show as placeholders). */
export function messageView(entry: MessageEntry, media?: MediaAccess): MessageView {
  const view = renderMessage(entry.message, { timestamp: entry.timestamp, media });
  view.element.dataset.seq = String(entry.seq);
  view.element.dataset.entryId = entry.id;
  return view;
}

interface RenderOptions { timestamp?: string; media?: MediaAccess | undefined }

function renderMessage(message: Message, options: RenderOptions): MessageView {
  if (message.role === 'user') return { element: userElement(message, options), resultSlots: new Map() };
  if (message.role === 'tool') return { element: toolResultElement(message, options), resultSlots: new Map() };
  return assistantElement(message, options);
}

function userElement(message: UserMessage, options: RenderOptions): HTMLElement {
  const parts = typeof message.content === 'string' ? [] : message.content;
  const text = typeof message.content === 'string' ? [contentText(message.content)] : parts.filter(isNotMedia).map((part) => partElement(part, options.media));
  const media = parts.filter(isMedia).map((part) => partElement(part, options.media));
  // Pictures and files above the bubble, as the chat apps people know show them.
  return h('article', { className: 'msg msg-user', testId: 'message', data: { role: 'user' } },
    media.length > 0 ? h('div', { className: 'msg-attachments' }, ...media) : null,
    text.length > 0 ? h('div', { className: 'bubble' }, ...text) : null,
    metaLine(options, []));
}

function assistantElement(message: AssistantMessage, options: RenderOptions): MessageView {
  const resultSlots = new Map<string, HTMLElement>();
  const blocks = message.content.map((block) => assistantBlockElement(block, resultSlots, options.media));
  const envelope = readEnvelope(message);
  const tags: Child[] = [];
  if (envelope?.finishReason === 'aborted') tags.push(h('span', { className: 'tag tag-muted', text: 'Stopped' }));
  if (envelope?.finishReason === 'length') tags.push(h('span', { className: 'tag tag-warning', text: 'Cut off (length)' }));
  if (envelope?.finishReason === 'content_filter') tags.push(h('span', { className: 'tag tag-warning', text: 'Filtered' }));
  const empty = message.content.length === 0;
  const source = answerSource(message);
  const element = assistantFrame(false,
    ...blocks,
    empty ? h('p', { className: 'muted-text', text: '(empty reply)' }) : null,
    tags.length > 0 ? h('div', { className: 'msg-tags' }, ...tags) : null,
    // The branch actions (message-actions.ts) join this row when the answer has any.
    source === '' ? null : h('div', { className: 'msg-actions' }, copyButton('copy-answer', 'Copy', () => source)),
    metaLine(options, envelope?.model ? [h('span', { className: 'meta-model', text: envelope.model })] : []));
  return { element, resultSlots };
}

/** The article and body of an answer, around `children`. */
export function assistantFrame(streaming: boolean, ...children: Child[]): HTMLElement {
  return h('article', {
    className: `msg msg-assistant${streaming ? ' is-streaming' : ''}`,
    testId: 'message',
    data: { role: 'assistant' },
  },
  h('div', { className: 'avatar', attrs: { 'aria-hidden': 'true' } }, icon(ICONS.sparkle)),
  h('div', { className: 'msg-body' }, ...children));
}

/** The Markdown source of an answer (what its Copy button copies): its text blocks. */
function answerSource(message: AssistantMessage): string {
  return message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n\n').trim();
}

/** One block of an answer; a tool call's result slot goes into `resultSlots`. */
export function assistantBlockElement(block: AssistantBlock, resultSlots: Map<string, HTMLElement>, media?: MediaAccess): HTMLElement {
  switch (block.type) {
    case 'text':
      return markdownElement(block.text);
    case 'reasoning':
      return h('details', { className: 'reasoning' },
        h('summary', { text: 'Reasoning' }),
        block.text === '' ? h('p', { className: 'muted-text', text: '(hidden by the provider)' }) : contentText(block.text));
    case 'refusal':
      return h('div', { className: 'refusal' }, h('strong', { text: 'Refused: ' }), block.text);
    case 'tool_call': {
      const slot = h('div', { className: 'tool-results' });
      resultSlots.set(block.id, slot);
      return h('div', { className: 'tool-call', testId: 'tool-call', data: { callId: block.id, tool: block.name } },
        h('div', { className: 'tool-call-head' },
          h('span', { className: 'tool-icon' }, icon(ICONS.tool)),
          h('span', { className: 'tool-name', text: block.name }),
          h('code', { className: 'tool-args', text: prettyArguments(block.arguments) }),
          h('span', { className: 'tool-status' })),
        slot);
    }
    case 'provider_tool_call':
      return h('div', { className: 'tool-call provider-tool' },
        h('div', { className: 'tool-call-head' },
          h('span', { className: 'tool-icon' }, icon(ICONS.tool)),
          h('span', { className: 'tool-name', text: `${block.name} (run by the provider)` }),
          h('code', { className: 'tool-args', text: prettyArguments(block.arguments) })));
    case 'provider_tool_result':
      return h('pre', { className: 'tool-output', text: `Provider tool result: ${safeStringify(block.value)}` });
    case 'image':
      return mediaElement('image', block.source, media);
    case 'other':
      return h('p', { className: 'muted-text', text: `[${block.typeName} content from ${block.origin ?? 'a provider'}, not shown]` });
  }
}

function toolResultElement(message: ToolMessage, options: RenderOptions): HTMLElement {
  const content = typeof message.content === 'string' ? [resultText(message.content)] : message.content.map((part) => partElement(part, options.media));
  return h('div', {
    className: `msg msg-tool${message.isError ? ' is-error' : ''}`,
    testId: 'message',
    data: { role: 'tool', callId: message.toolCallId },
    title: options.timestamp ? formatFullDate(options.timestamp) : undefined,
  },
  h('div', { className: 'tool-result-label' },
    message.isError ? icon(ICONS.alert) : icon(ICONS.check),
    h('span', { text: message.isError ? `${message.toolName} failed` : `${message.toolName} result` })),
  ...content);
}

type UserPart = Exclude<UserMessage['content'], string>[number];
type MediaPart = Extract<UserPart, { type: 'image' | 'file' }>;

function isMedia(part: UserPart): part is MediaPart {
  return part.type === 'image' || part.type === 'file';
}

function isNotMedia(part: UserPart): boolean {
  return !isMedia(part);
}

function partElement(part: UserPart, media: MediaAccess | undefined): HTMLElement {
  switch (part.type) {
    case 'text':
      return contentText(part.text);
    case 'image':
      return mediaElement('image', part.source, media);
    case 'file':
      return mediaElement('file', part.source, media, part.filename);
    case 'other':
      return h('p', { className: 'muted-text', text: `[${part.typeName} content, not shown]` });
  }
}

/** A stored attachment as a thumbnail or chip, an inline image as a thumbnail; a URL (never loaded) or provider file as a placeholder. */
function mediaElement(kind: 'image' | 'file', source: MediaSource, media: MediaAccess | undefined, filename?: string): HTMLElement {
  if (source.kind === 'attachment' && media !== undefined) return attachmentView(kind, source, media, filename);
  if (source.kind === 'base64' && kind === 'image' && source.mediaType.startsWith('image/') && media !== undefined) return inlineImageView(source, media);
  return mediaPlaceholder(kind === 'file' && filename ? `file ${filename}` : kind, source);
}

/** Media is never loaded from message content: a remote URL would leak that the chat was opened. */
function mediaPlaceholder(kind: string, source: MediaSource): HTMLElement {
  const where = source.kind === 'url' ? source.url : source.kind === 'base64' ? `${source.mediaType}, inline` : source.kind === 'attachment' ? `${source.mediaType}, stored` : `${source.provider} file ${source.fileId}`;
  return h('p', { className: 'media-placeholder' }, h('span', { className: 'tag tag-muted', text: kind }), ' ', where);
}

/**
 * Message text: paragraphs with whitespace kept, and ``` fenced blocks as code. Links stay
 * plain text on purpose (no `javascript:` or phishing targets one click away).
 */
export function contentText(text: string): HTMLElement {
  const container = h('div', { className: 'text' });
  const fence = /```[^\n`]*\n([\s\S]*?)(?:```|$)/g;
  let last = 0;
  for (const match of text.matchAll(fence)) {
    appendProse(container, text.slice(last, match.index));
    container.append(h('pre', { className: 'code' }, h('code', { text: match[1] ?? '' })));
    last = match.index + match[0].length;
  }
  appendProse(container, text.slice(last));
  return container;
}

function appendProse(container: HTMLElement, text: string): void {
  const trimmed = text.replace(/^\n+|\n+$/g, '');
  if (trimmed === '') return;
  container.append(h('p', { text: trimmed }));
}

function resultText(text: string): HTMLElement {
  return h('pre', { className: 'tool-output', text: compactJson(text) });
}

function metaLine(options: RenderOptions, tags: Child[]): HTMLElement {
  return h('footer', { className: 'msg-meta' },
    ...tags,
    options.timestamp
      ? h('time', { text: formatTimeOfDay(options.timestamp), title: formatFullDate(options.timestamp), attrs: { datetime: options.timestamp } })
      : null);
}

function readEnvelope(message: AssistantMessage): TurnEnvelope | undefined {
  try {
    return getAppData(message, TURN_ENVELOPE_KEY, TurnEnvelopeSchema);
  } catch {
    return undefined; // written by something else: not ours to show
  }
}

function prettyArguments(text: string): string {
  try {
    const value: unknown = JSON.parse(text);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.every(([, item]) => typeof item !== 'object' || item === null)) {
        return entries.map(([key, item]) => `${key}: ${typeof item === 'string' ? item : JSON.stringify(item)}`).join(', ');
      }
    }
    return JSON.stringify(value);
  } catch {
    return text;
  }
}

/** JSON results on one line when they are short (most tool results), indented when long. */
function compactJson(text: string): string {
  if (!/^\s*[[{]/.test(text)) return text;
  try {
    const value: unknown = JSON.parse(text);
    const oneLine = JSON.stringify(value).replace(/([,:])(?=["\d\-tfn[{])/g, '$1 ');
    return oneLine.length <= 160 ? oneLine : JSON.stringify(value, null, 2);
  } catch {
    return text;
  }
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
