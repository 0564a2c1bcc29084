import { ConvologError } from '../core/error.js';
import { formatPath } from '../core/format-path.js';
import { MAX_JSON_DEPTH } from '../core/plain-json.js';
import type { UIMessageLike } from './ui-message-types.js';

type Path = (string | number)[];
type Fields = Record<string, unknown>;

const ROLES = new Set(['user', 'assistant', 'system']);
const TEXT_STATES = new Set(['streaming', 'done']);
const TOOL_STATES = new Set([
  'input-streaming', 'input-available', 'approval-requested', 'approval-responded', 'output-available', 'output-error', 'output-denied',
]);

/**
 * Checks what `useChat` hands over before anything is converted or written: an array of
 * UIMessages, each `{ id, role, parts: [...] }`, every part an object with a `type`, the parts
 * convolog converts (text, reasoning, file, step-start, tool and dynamic-tool) with the fields they
 * need, and everything that is kept as it is (metadata, data and source parts, unknown part
 * types, provider metadata, tool input and output) plain JSON. Part types it does not know are
 * accepted and kept verbatim, so a newer AI SDK's parts round-trip. Throws `invalid_message` with
 * the `path` of the first problem (`[0, 'parts']`).
 * @internal
 */
export function checkUIMessages(ui: unknown, caller: string): asserts ui is readonly UIMessageLike[] {
  if (!Array.isArray(ui)) refuse(caller, [], `must be an array of UIMessages (useChat's \`messages\`), got ${describe(ui)}`);
  ui.forEach((message: unknown, index) => checkMessage(message, [index], caller));
}

function checkMessage(message: unknown, path: Path, caller: string): void {
  if (!isPlainObject(message)) refuse(caller, path, `must be a UIMessage object ({ id, role, parts }), got ${describe(message)}`);
  if (typeof message.id !== 'string' || message.id === '') refuse(caller, [...path, 'id'], `must be a non-empty string (the UIMessage id), got ${describe(message.id)}`);
  if (typeof message.role !== 'string' || !ROLES.has(message.role)) {
    refuse(caller, [...path, 'role'], `must be 'user', 'assistant' or 'system', got ${describe(message.role)}`);
  }
  if (message.metadata !== undefined) checkJson(message.metadata, [...path, 'metadata'], caller);
  if (!Array.isArray(message.parts)) refuse(caller, [...path, 'parts'], `must be an array of parts, got ${describe(message.parts)}`);
  message.parts.forEach((part: unknown, index) => checkPart(part, [...path, 'parts', index], caller));
}

function checkPart(part: unknown, path: Path, caller: string): void {
  if (!isPlainObject(part)) refuse(caller, path, `must be a part object with a \`type\`, got ${describe(part)}`);
  const { type } = part;
  if (typeof type !== 'string' || type === '') refuse(caller, [...path, 'type'], `must be a non-empty string (the part type), got ${describe(type)}`);
  const field = (name: string) => [...path, name];
  if (type === 'text' || type === 'reasoning') {
    requireString(part, 'text', field, caller, true);
    if (part.state !== undefined && !TEXT_STATES.has(part.state as string)) refuse(caller, field('state'), `must be 'streaming' or 'done' when given, got ${describe(part.state)}`);
  } else if (type === 'file') {
    requireString(part, 'url', field, caller);
    requireString(part, 'mediaType', field, caller);
    if (part.filename !== undefined) requireString(part, 'filename', field, caller, true);
  } else if (type === 'dynamic-tool' || (type.startsWith('tool-') && type.length > 5)) {
    checkToolPart(part, field, caller);
  } else if (type === 'source-url') {
    requireString(part, 'url', field, caller);
  }
  // Everything else is kept verbatim in appData, so it must survive as JSON.
  checkJson(part, path, caller);
}

function checkToolPart(part: Fields, field: (name: string) => Path, caller: string): void {
  requireString(part, 'toolCallId', field, caller);
  if (part.type === 'dynamic-tool') requireString(part, 'toolName', field, caller);
  if (typeof part.state !== 'string' || !TOOL_STATES.has(part.state)) {
    refuse(caller, field('state'), `must be a tool part state (${[...TOOL_STATES].map((state) => `'${state}'`).join(', ')}), got ${describe(part.state)}`);
  }
  if (part.state === 'output-error') requireString(part, 'errorText', field, caller, true);
}

function requireString(part: Fields, name: string, field: (name: string) => Path, caller: string, emptyAllowed = false): void {
  const value = part[name];
  if (typeof value === 'string' && (emptyAllowed || value !== '')) return;
  refuse(caller, field(name), `must be a${emptyAllowed ? '' : ' non-empty'} string on a "${String(part.type)}" part, got ${describe(value)}`);
}

/** Plain JSON (what the store keeps): no Date, Map, class instance, function, bigint or non-finite number. Iterative: hostile nesting cannot overflow the stack. */
function checkJson(root: unknown, rootPath: Path, caller: string): void {
  const stack: { value: unknown; path: Path }[] = [{ value: root, path: rootPath }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (value === null || typeof value === 'string' || typeof value === 'boolean') continue;
    if (typeof value === 'number' && Number.isFinite(value)) continue;
    if (path.length - rootPath.length > MAX_JSON_DEPTH) refuse(caller, path, `nests more than ${MAX_JSON_DEPTH} levels deep; no chat message does`);
    if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
      continue;
    }
    if (!isPlainObject(value)) {
      refuse(caller, path, `must be plain JSON to be stored, got ${describe(value)}: convert it first (a Date to its ISO string, a Map to an object)`);
    }
    for (const [key, item] of Object.entries(value)) if (item !== undefined) stack.push({ value: item, path: [...path, key] });
  }
}

function isPlainObject(value: unknown): value is Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value.length > 40 ? `a string ("${value.slice(0, 40)}…")` : `"${value}"`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return `${typeof value} ${String(value)}`;
  if (isPlainObject(value)) return 'an object';
  if (typeof value === 'object') return `a ${(value as object).constructor?.name ?? 'class instance'} object`;
  return typeof value === 'undefined' ? 'nothing' : `a ${typeof value}`;
}

function refuse(caller: string, path: Path, problem: string): never {
  const where = path.length === 0 ? 'its UIMessages' : `UIMessages${formatPath(path).startsWith('[') ? '' : '.'}${formatPath(path)}`;
  throw new ConvologError({
    code: 'invalid_message',
    path,
    message: `${caller}: ${where} ${problem}. Nothing was converted or stored; pass useChat's messages as they are, or fix this one.`,
    details: { caller },
  });
}
