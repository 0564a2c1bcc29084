// The demo's settings, kept in localStorage: which assistant answers, and how fast the
// offline one types (end-to-end tests use `?speed=fast`).

/** Where replies come from. */
export type AssistantMode = 'offline' | 'endpoint';
/** Which API the endpoint speaks: Chat Completions (`/chat/completions`) or Responses (`/responses`). */
export type EndpointApi = 'chat' | 'responses';

/** The persisted settings. The API key never leaves this browser except to the endpoint itself. */
export interface DemoSettings {
  mode: AssistantMode;
  api: EndpointApi;
  baseUrl: string;
  model: string;
  apiKey: string;
  systemPrompt: string;
  /** The model's context window, in tokens (the meter's scale; the offline assistant's limit). */
  contextWindow: number;
  /** Compact before a turn once the context passes this share of the window, in percent (0: never). */
  autoCompactPercent: number;
}

const SETTINGS_KEY = 'convolog-demo.settings';

/** The system prompt sent to an endpoint unless the user writes another. */
export const DEFAULT_SYSTEM_PROMPT =
  'You are a helpful assistant in a demo of convolog, a library that keeps chats on the user\'s device. ' +
  'Use the get_weather and calculator tools when they help. Answer briefly, in plain text.';

/** Settings on first visit: the offline assistant, and a local Ollama as the endpoint to try. */
export const DEFAULT_SETTINGS: DemoSettings = {
  mode: 'offline',
  api: 'chat',
  baseUrl: 'http://localhost:11434/v1',
  model: 'llama3.2',
  apiKey: '',
  systemPrompt: DEFAULT_SYSTEM_PROMPT,
  contextWindow: 128_000,
  autoCompactPercent: 80,
};

/** Reads the settings, falling back to the defaults field by field (the stored JSON may be old or hand-edited). */
export function loadSettings(): DemoSettings {
  const stored = readJson(SETTINGS_KEY);
  const settings = { ...DEFAULT_SETTINGS };
  if (stored === null || typeof stored !== 'object') return settings;
  const record = stored as Record<string, unknown>;
  if (record.mode === 'offline' || record.mode === 'endpoint') settings.mode = record.mode;
  if (record.api === 'chat' || record.api === 'responses') settings.api = record.api;
  for (const key of ['baseUrl', 'model', 'apiKey', 'systemPrompt'] as const) {
    const value = record[key];
    if (typeof value === 'string') settings[key] = value;
  }
  if (isWindow(record.contextWindow)) settings.contextWindow = record.contextWindow;
  if (isPercent(record.autoCompactPercent)) settings.autoCompactPercent = record.autoCompactPercent;
  return settings;
}

/** A context window the demo accepts: a whole number of tokens, from 256 to 10 million. */
export function isWindow(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 256 && value <= 10_000_000;
}

/** An auto-compact threshold the demo accepts: 0 (off) to 100 percent. */
export function isPercent(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100;
}

/** Saves the settings. */
export function saveSettings(settings: DemoSettings): void {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Storage full or disabled: the settings last for this page only.
  }
}

/** How fast the offline assistant streams and how long its tools take, in milliseconds. */
export interface Pace {
  tokenDelay: number;
  toolDelay: number;
}

const PACES: Record<string, Pace> = {
  normal: { tokenDelay: 28, toolDelay: 650 },
  fast: { tokenDelay: 0, toolDelay: 20 },
  slow: { tokenDelay: 120, toolDelay: 2500 },
};

/**
 * The pace from `?speed=fast|normal|slow` (or localStorage `convolog-demo.speed`), with
 * `?tokenDelay=` and `?toolDelay=` overriding single values.
 */
export function readPace(location: Location = window.location): Pace {
  const params = new URLSearchParams(location.search);
  const name = params.get('speed') ?? safeLocalStorageGet('convolog-demo.speed') ?? 'normal';
  const pace = { ...(PACES[name] ?? PACES.normal!) };
  const tokenDelay = Number(params.get('tokenDelay'));
  const toolDelay = Number(params.get('toolDelay'));
  if (params.has('tokenDelay') && Number.isFinite(tokenDelay) && tokenDelay >= 0) pace.tokenDelay = tokenDelay;
  if (params.has('toolDelay') && Number.isFinite(toolDelay) && toolDelay >= 0) pace.toolDelay = toolDelay;
  return pace;
}

function readJson(key: string): unknown {
  const text = safeLocalStorageGet(key);
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function safeLocalStorageGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
