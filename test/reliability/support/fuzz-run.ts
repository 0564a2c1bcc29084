// Runs fuzz cases against a store and checks, after every one, what issue 9 promises of a
// hostile import: imported sanitized or refused with a ConvologError (never another exception),
// existing conversations untouched, no polluted prototype, nothing half-written.
// Environment-free: runs in Node (fake-indexeddb) and in a Chromium page (real IndexedDB).
import { isConvologError } from '../../../src/core/error.js';
import { validate } from '../../../src/core/validate.js';
import type { Entry } from '../../../src/core/entry.js';
import type { Message } from '../../../src/core/message.js';
import { fuzzCase, type FuzzBase, type FuzzBudget, type FuzzCase } from './fuzzer.js';

/** The part of the store API the fuzzer drives (DESIGN §6). */
export interface FuzzStore {
  importConversation(data: unknown, options?: FuzzCase['options']): Promise<{ conversation: { id: string; lastSeq: number }; warnings: { code: string; message: string }[] }>;
  exportConversation(id: string): Promise<{ exportedAt?: string }>;
  entries(id: string): Promise<Entry[]>;
  listConversations(): Promise<{ id: string }[]>;
  deleteConversation(id: string): Promise<boolean>;
}

export interface FuzzRunOptions {
  readonly store: FuzzStore;
  /** A conversation already in the store: it must come out of the run byte for byte the same. */
  readonly sentinelId: string;
  readonly seed: number;
  readonly from: number;
  readonly count: number;
  readonly bases: readonly FuzzBase[];
  readonly budget?: FuzzBudget;
  /** Counts every record in the raw `entries` object store: catches half-written imports. */
  readonly rawEntryCount?: () => Promise<number>;
  /** Check the sentinel and the counts every this many cases (and at the end). */
  readonly checkEvery?: number;
  readonly caseTimeoutMs?: number;
}

export interface FuzzFailure { readonly index: number; readonly recipe: readonly string[]; readonly problem: string }

export interface FuzzReport {
  cases: number;
  imported: number;
  refused: number;
  refusedByCode: Record<string, number>;
  warningsByCode: Record<string, number>;
  failures: FuzzFailure[];
  /** Failures beyond the ones kept in `failures`. */
  moreFailures: number;
  milliseconds: number;
}

const MAX_KEPT_FAILURES = 25;
/**
 * The longest refusal or warning message a case may bring: one that quotes a 50 MB hostile value
 * whole is a 50 MB message for the app's error log (and killed Vitest's WebSocket once).
 */
const MAX_MESSAGE = 2_000;

export async function runFuzz(options: FuzzRunOptions): Promise<FuzzReport> {
  const { store, sentinelId, seed, from, count, bases, budget } = options;
  const checkEvery = options.checkEvery ?? 250;
  const started = Date.now();
  const report: FuzzReport = {
    cases: 0, imported: 0, refused: 0, refusedByCode: {}, warningsByCode: {}, failures: [], moreFailures: 0, milliseconds: 0,
  };
  const fail = (fuzz: Pick<FuzzCase, 'index' | 'recipe'>, problem: string): void => {
    if (report.failures.length >= MAX_KEPT_FAILURES) report.moreFailures++;
    else report.failures.push({ index: fuzz.index, recipe: fuzz.recipe, problem });
  };

  const sentinelBefore = await sentinelSnapshot(store, sentinelId);
  const sentinelEntryIds = new Set((await store.entries(sentinelId)).map((entry) => entry.id));
  const conversationsBefore = (await store.listConversations()).length;
  const rawBefore = await options.rawEntryCount?.();
  const prototypesBefore = prototypeSnapshot();

  const checkStoreUnchanged = async (fuzz: Pick<FuzzCase, 'index' | 'recipe'>): Promise<void> => {
    const sentinelNow = await sentinelSnapshot(store, sentinelId);
    if (sentinelNow !== sentinelBefore) fail(fuzz, 'the existing conversation changed');
    const conversationsNow = (await store.listConversations()).length;
    if (conversationsNow !== conversationsBefore) fail(fuzz, `conversation count ${conversationsBefore} became ${conversationsNow} (a refused import left a conversation behind?)`);
    const rawNow = await options.rawEntryCount?.();
    if (rawNow !== rawBefore) fail(fuzz, `raw entry records ${String(rawBefore)} became ${String(rawNow)} (half-written import?)`);
  };

  for (let index = from; index < from + count; index++) {
    const fuzz = fuzzCase(seed, index, bases, budget);
    report.cases++;
    let outcome: { conversation: { id: string; lastSeq: number }; warnings: { code: string; message: string }[] } | undefined;
    try {
      outcome = await withTimeout(store.importConversation(fuzz.input, fuzz.options), options.caseTimeoutMs ?? 60_000);
    } catch (error) {
      if (isConvologError(error)) {
        report.refused++;
        if (error.message.length > MAX_MESSAGE) fail(fuzz, `refused with a ${error.message.length}-character message (${error.code}): it quotes the hostile value whole?`);
        report.refusedByCode[error.code] = (report.refusedByCode[error.code] ?? 0) + 1;
      } else {
        fail(fuzz, `threw something other than a ConvologError: ${describeError(error)}`);
      }
    }
    const polluted = prototypeProblem(prototypesBefore);
    if (polluted !== undefined) fail(fuzz, polluted);
    if (outcome !== undefined) {
      report.imported++;
      for (const warning of outcome.warnings) {
        report.warningsByCode[warning.code] = (report.warningsByCode[warning.code] ?? 0) + 1;
        if (warning.message.length > MAX_MESSAGE) fail(fuzz, `a ${warning.code} warning of ${warning.message.length} characters: it quotes the hostile value whole?`);
      }
      for (const problem of await importedProblems(store, outcome, fuzz, sentinelId, sentinelEntryIds)) fail(fuzz, problem);
      // Keep the store small (50 MB strings add up): the run checks counts against the baseline.
      await store.deleteConversation(outcome.conversation.id);
    }
    if ((index - from + 1) % checkEvery === 0) await checkStoreUnchanged(fuzz);
  }
  await checkStoreUnchanged({ index: from + count - 1, recipe: ['end of run'] });
  report.milliseconds = Date.now() - started;
  return report;
}

async function sentinelSnapshot(store: FuzzStore, id: string): Promise<string> {
  const { exportedAt: _ignored, ...rest } = await store.exportConversation(id);
  return JSON.stringify(rest);
}

/** Everything wrong with a conversation an import created. */
async function importedProblems(
  store: FuzzStore,
  outcome: { conversation: { id: string; lastSeq: number }; warnings: unknown[] },
  fuzz: FuzzCase,
  sentinelId: string,
  sentinelEntryIds: ReadonlySet<string>,
): Promise<string[]> {
  const problems: string[] = [];
  const { conversation } = outcome;
  if (conversation.id === sentinelId) problems.push('the import took the id of an existing conversation');
  const prototypeIssue = foreignPrototype(outcome);
  if (prototypeIssue !== undefined) problems.push(`import result: ${prototypeIssue}`);
  let entries: Entry[];
  try {
    entries = await store.entries(conversation.id);
  } catch (error) {
    return [...problems, `the imported conversation cannot be read back: ${describeError(error)}`];
  }
  const loadedIssue = foreignPrototype(entries);
  if (loadedIssue !== undefined) problems.push(`loaded entries: ${loadedIssue}`);
  if (conversation.lastSeq !== entries.length) problems.push(`lastSeq ${conversation.lastSeq} but ${entries.length} entries`);
  entries.forEach((entry, position) => {
    if (entry.seq !== position + 1) problems.push(`entry at position ${position} has seq ${entry.seq}`);
    if (entry.conversationId !== conversation.id) problems.push(`entry ${entry.seq} belongs to ${entry.conversationId}`);
    if (sentinelEntryIds.has(entry.id)) problems.push(`entry ${entry.seq} kept the id of an existing entry`);
  });
  const messageEntries = entries.filter((entry) => entry.type === 'message');
  for (const entry of entries) {
    if (entry.type !== 'compaction') continue;
    const kept = messageEntries.find((candidate) => candidate.id === entry.firstKeptId);
    if (kept === undefined) problems.push(`compaction ${entry.seq} points at a missing entry ${entry.firstKeptId}`);
    else if (kept.message.role !== 'user' || kept.seq > entry.seq) problems.push(`compaction ${entry.seq} points at ${kept.message.role} entry ${kept.seq}`);
  }
  const messages = messageEntries.map((entry) => entry.message);
  const issues = validate(messages, 'resumable');
  if (issues.length > 0) problems.push(`imported log is not resumable: ${JSON.stringify(issues[0])}`);
  if (fuzz.options.trusted !== true) problems.push(...unsanitized(messages));
  return problems;
}

/** What `retainPortableContent` should have removed from an untrusted import. */
function unsanitized(messages: readonly Message[]): string[] {
  const problems: string[] = [];
  messages.forEach((message, messageIndex) => {
    if ('providerData' in message) problems.push(`message ${messageIndex} kept providerData`);
    const parts: unknown[] = typeof message.content === 'string' ? [] : message.content;
    parts.forEach((part, partIndex) => {
      const block = part as { type?: string; providerData?: unknown; source?: { kind?: string } };
      const where = `message ${messageIndex} block ${partIndex}`;
      if (block.providerData !== undefined) problems.push(`${where} kept providerData`);
      if (block.type === 'other' || block.type === 'provider_tool_call' || block.type === 'provider_tool_result') problems.push(`${where} kept a ${block.type} block`);
      if (block.source?.kind === 'provider_file') problems.push(`${where} kept a provider_file source`);
    });
  });
  return problems;
}

/** The first object reachable from `root` whose prototype is not Object.prototype or Array.prototype. */
export function foreignPrototype(root: unknown): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value: root, path: '$' }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    const prototype = Object.getPrototypeOf(value) as unknown;
    const isArray = Array.isArray(value);
    if (prototype !== (isArray ? Array.prototype : Object.prototype)) {
      // Errors and other class instances in the result are fine only as themselves; data is plain.
      if (!(value instanceof Error)) return `${path} has a foreign prototype`;
      continue;
    }
    if (Object.prototype.hasOwnProperty.call(value, '__proto__')) return `${path} has an own __proto__ key`;
    for (const key of Object.keys(value)) stack.push({ value: (value as Record<string, unknown>)[key], path: `${path}.${key}` });
  }
  return undefined;
}

interface PrototypeSnapshot { readonly names: Map<object, string> }

function prototypeSnapshot(): PrototypeSnapshot {
  const names = new Map<object, string>();
  for (const prototype of [Object.prototype, Array.prototype, Function.prototype, String.prototype]) {
    names.set(prototype, Reflect.ownKeys(prototype).map(String).sort().join(','));
  }
  return { names };
}

function prototypeProblem(before: PrototypeSnapshot): string | undefined {
  const probe = {} as Record<string, unknown>;
  for (const key of ['polluted', 'isAdmin']) {
    if (probe[key] !== undefined || ([] as unknown as Record<string, unknown>)[key] !== undefined) return `prototype polluted: ({}).${key} is defined`;
  }
  for (const [prototype, names] of before.names) {
    if (Reflect.ownKeys(prototype).map(String).sort().join(',') !== names) return 'a built-in prototype gained or lost a property';
  }
  return undefined;
}

function withTimeout<T>(promise: Promise<T>, milliseconds: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HungError(`no answer after ${milliseconds} ms`)), milliseconds);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

class HungError extends Error {}

export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message.slice(0, 300)}`;
  return String(error).slice(0, 300);
}
