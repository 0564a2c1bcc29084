// The built-in offline assistant: deterministic, no network. It decides a reply from the
// context, then streams it as OpenAI-shaped chunks, so the demo reads it through exactly the
// path a real endpoint takes (OpenAIChatStreamAccumulator). Weather questions and arithmetic
// make it call tools, so tool windows show up in ordinary use.
import { SUMMARY_PREFIX, type Message, type ToolMessage, type AssistantMessage } from '../../src/index.js';
import type { OpenAIChatChunk } from './openai-chunk.js';
import { sleep } from './tools.js';
import { offlineTextTokens } from './offline-token-count.js';
import { latestMedia, type AttachmentFact } from './attachment-facts.js';
import { formatBytes, mediaKindLabel } from '../shared/format.js';

/** What the assistant will say: text, and possibly tool calls to make first. */
export interface OfflinePlan {
  text: string;
  calls: { name: string; arguments: string }[];
}

/** The model name the offline assistant reports in its chunks (and so in stored turn envelopes). */
export const OFFLINE_MODEL_NAME = 'convolog-offline';

/**
 * Decides the reply to a context (its last message is the user's turn or the tool results).
 * `files`: the facts of the newest user message's files (attachment-facts.ts), when it has any.
 */
export function planOfflineReply(messages: readonly Message[], files: readonly AttachmentFact[] = []): OfflinePlan {
  const last = messages.at(-1);
  if (last === undefined) return { text: greeting(), calls: [] };
  if (last.role === 'tool') return { text: answerFromResults(messages), calls: [] };
  if (last.role === 'assistant') return { text: 'Is there anything else you would like to know?', calls: [] };
  const text = plainText(last.content);
  // Files sent now, or a question about the ones sent before.
  if (files.length > 0 && (latestMedia([last]).length > 0 || FILE_QUESTION.test(text))) return { text: describeFiles(files), calls: [] };
  return planForUser(text, messages);
}

const FILE_QUESTION = /\b(image|picture|photo|screenshot|file|attachment|attached|pdf|pixels?|resolution|dimensions?)\b/i;

/** What the assistant can tell about files without a vision model: name, type, size, pixels. */
function describeFiles(files: readonly AttachmentFact[]): string {
  const lines = files.map((file) => {
    const name = file.name ?? `an unnamed ${file.kind}`;
    const facts = [mediaKindLabel(file.mediaType)];
    if (file.pixels !== undefined) facts.push(`${file.pixels.width} × ${file.pixels.height} pixels`);
    if (file.size !== undefined) facts.push(formatBytes(file.size));
    const missing = file.missing ? ' Its bytes are not available on this device, so I cannot read more of it.' : '';
    return `- **${escapeMarkdown(name)}**: ${facts.join(', ')}.${missing}`;
  });
  const count = files.length === 1 ? 'this file' : `these ${files.length} files`;
  return `You sent ${count}:\n\n${lines.join('\n')}\n\n` +
    'I am the offline demo assistant, so I can tell the name, type and size, and the pixel size of an image from its header, ' +
    'but not what it shows. Point Settings at a vision model to ask about the content: the files are sent with the chat.';
}

/** A file name as literal text in the Markdown answer (`*`, `_` and friends are common in names). */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, '\\$&');
}

/**
 * Streams `plan` as chat completion chunks, one word at a time, `tokenDelay` ms apart.
 * Rejects with the signal's reason when aborted (what arrived so far stays with the caller).
 */
export async function* streamOfflineReply(
  plan: OfflinePlan,
  options: { tokenDelay: number; signal: AbortSignal; promptTokens: number },
): AsyncGenerator<OpenAIChatChunk> {
  const id = `chatcmpl-offline-${randomId()}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: OpenAIChatChunk['choices'][number]['delta'], finish: OpenAIChatChunk['choices'][number]['finish_reason'] = null): OpenAIChatChunk => ({
    id, object: 'chat.completion.chunk', created, model: OFFLINE_MODEL_NAME,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const pause = (): Promise<void> => sleep(options.tokenDelay, options.signal);

  yield chunk({ role: 'assistant', content: '' });
  for (const token of plan.text.match(/\S+\s*|\s+/g) ?? []) {
    await pause();
    yield chunk({ content: token });
  }
  for (const [index, call] of plan.calls.entries()) {
    await pause();
    yield chunk({ tool_calls: [{ index, id: `call_${randomId()}`, type: 'function', function: { name: call.name, arguments: '' } }] });
    for (const fragment of call.arguments.match(/.{1,6}/gs) ?? []) {
      await pause();
      yield chunk({ tool_calls: [{ index, function: { arguments: fragment } }] });
    }
  }
  await pause();
  yield chunk({}, plan.calls.length > 0 ? 'tool_calls' : 'stop');
  const completionTokens = offlineTextTokens(plan.text + plan.calls.map((call) => call.name + call.arguments).join(''));
  yield {
    id, object: 'chat.completion.chunk', created, model: OFFLINE_MODEL_NAME, choices: [],
    usage: { prompt_tokens: options.promptTokens, completion_tokens: completionTokens, total_tokens: options.promptTokens + completionTokens },
  };
}

function planForUser(text: string, messages: readonly Message[]): OfflinePlan {
  const calls: OfflinePlan['calls'] = [];
  const cities = WEATHER_PATTERN.test(text) ? citiesIn(text) : [];
  for (const city of cities) calls.push({ name: 'get_weather', arguments: JSON.stringify({ city }) });
  for (const expression of expressionsIn(text)) calls.push({ name: 'calculator', arguments: JSON.stringify({ expression }) });
  if (calls.length > 0) return { text: preface(cities, calls.length - cities.length), calls };
  if (WEATHER_PATTERN.test(text)) {
    return { text: 'Which city should I check? Ask me something like "What\'s the weather in Lisbon?"', calls: [] };
  }
  return { text: conversationalReply(text, messages), calls: [] };
}

const WEATHER_PATTERN = /\b(weather|forecast|temperature|raining|rain|sunny|snow(?:ing)?|windy)\b/i;

function citiesIn(text: string): string[] {
  const match = /\b(?:in|for|at)\s+([\p{L}][\p{L}.'\- ]{0,60}?)(?=\s*(?:[?.!,;]|$|\b(?:today|tomorrow|now|right now|this|tonight)\b))/iu.exec(text);
  if (match === null) return [];
  return match[1]!
    .split(/\s+(?:and|&)\s+|,\s*/i)
    .map((city) => city.trim().replace(/^(?:in|for|at)\s+/i, ''))
    .filter((city) => city.length > 0 && !/^(the|a|my|your|here)$/i.test(city))
    .slice(0, 3)
    .map(titleCase);
}

function expressionsIn(text: string): string[] {
  const pattern = /\(*-?\d+(?:\.\d+)?\)*(?:\s*(?:[-+*/^%×÷]|x(?=\s*[\d(]))\s*\(*-?\d+(?:\.\d+)?\)*)+/gi;
  return [...text.matchAll(pattern)].map((match) => match[0].trim()).slice(0, 3);
}

function preface(cities: readonly string[], calculations: number): string {
  const parts: string[] = [];
  if (cities.length > 0) parts.push(`check the weather in ${joinWords(cities)}`);
  if (calculations > 0) parts.push(calculations === 1 ? 'work that out' : 'work those out');
  return `Let me ${parts.join(' and ')}.`;
}

function answerFromResults(messages: readonly Message[]): string {
  const results: ToolMessage[] = [];
  let index = messages.length - 1;
  for (; index >= 0 && messages[index]!.role === 'tool'; index -= 1) results.unshift(messages[index] as ToolMessage);
  const caller = messages[index];
  const calls = caller?.role === 'assistant' ? toolCallsOf(caller) : [];
  const sentences = results.map((result) => {
    const call = calls.find((candidate) => candidate.id === result.toolCallId);
    return describeResult(result, call?.arguments ?? '{}');
  });
  return sentences.join(' ');
}

function describeResult(result: ToolMessage, argumentsText: string): string {
  const content = plainText(result.content);
  const args = safeJson(argumentsText) as Record<string, unknown> | undefined;
  if (result.isError) {
    return `I could not get a result from ${result.toolName}${args ? ` (${describeArgs(args)})` : ''}: ${content.replace(/^Error:\s*/, '')}`;
  }
  if (result.toolName === 'get_weather') {
    const report = safeJson(content) as { city?: string; temperatureC?: number; conditions?: string; windKph?: number } | undefined;
    if (report?.city !== undefined) {
      return `In ${report.city} it is ${report.temperatureC}°C and ${report.conditions}, with wind at ${report.windKph} km/h.`;
    }
  }
  // Answers are Markdown: an expression goes in a code span, or "12*7 and 3*4" would turn italic.
  if (result.toolName === 'calculator' && typeof args?.expression === 'string') return `\`${args.expression}\` = ${content}.`;
  return `${result.toolName} returned: ${content}`;
}

function describeArgs(args: Record<string, unknown>): string {
  return Object.values(args).map(String).join(', ');
}

function conversationalReply(text: string, messages: readonly Message[]): string {
  const trimmed = text.trim();
  if (/^(hi|hello|hey|hallo|good (morning|afternoon|evening))\b/i.test(trimmed)) return greeting();
  const summarized = messages.some((message) => message.role === 'user' && plainText(message.content).startsWith(SUMMARY_PREFIX));
  const memory = summarized
    ? 'Earlier parts of this chat were compacted: I now see a summary of them plus the most recent messages.'
    : `I can see all ${messages.length} message${messages.length === 1 ? '' : 's'} of this chat.`;
  if (/\bcompact/i.test(trimmed)) {
    return 'Compacting folds the older part of a chat into a summary. The log itself is never rewritten: ' +
      'a compaction entry is appended, and from then on the model is sent the summary plus the recent messages. ' +
      'Press Compact in the header to try it. ' + memory;
  }
  if (/\b(export|import|backup|download)\b/i.test(trimmed)) {
    return 'You can export this chat as JSON or Markdown from the header, and import a JSON export from the sidebar. ' +
      'Imports are untrusted: anything provider-specific is removed and reported.';
  }
  const quoted = trimmed.length > 160 ? `${trimmed.slice(0, 157)}…` : trimmed;
  return `You said: "${quoted}". I am the offline demo assistant, so I answer from a few simple rules rather than a model. ` +
    `${memory} Ask me about the weather in a city, or something like "what is 12*7?", to see tool calls.`;
}

function greeting(): string {
  return 'Hello! I am the offline demo assistant. Everything in this chat is stored in your browser\'s IndexedDB. ' +
    'Try "What\'s the weather in Lisbon?" or "what is 12*7?" to see tool calls, then reload the page: the chat comes back.';
}

function toolCallsOf(message: AssistantMessage): { id: string; arguments: string }[] {
  return message.content.flatMap((block) => (block.type === 'tool_call' ? [{ id: block.id, arguments: block.arguments }] : []));
}

/** The text of a message's content, parts joined (media shows as a placeholder). */
export function plainText(content: Message['content']): string {
  if (typeof content === 'string') return content;
  return content.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : '')).join('');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function titleCase(text: string): string {
  return text.replace(/(^|[\s\-])(\p{Ll})/gu, (_all, before: string, letter: string) => before + letter.toUpperCase());
}

function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function randomId(): string {
  // getRandomValues, unlike randomUUID, also works when the demo is served over plain http on a LAN address.
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
