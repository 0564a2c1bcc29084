// The demo's client tools: definitions sent to a model, and local implementations.
// Both are deterministic and offline, so a chat replays the same way every time.
import { calculate, formatNumber } from './calculator.js';

/** An OpenAI Chat Completions function tool definition. */
export interface ToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** The tools offered to a model: the offline assistant calls the same two. */
export const TOOL_DEFINITIONS: readonly ToolDefinition[] = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'Current weather for a city (simulated, offline).',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string', description: 'City name, e.g. "Lisbon"' } },
        required: ['city'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'calculator',
      description: 'Evaluates an arithmetic expression with + - * / ^ % and parentheses.',
      parameters: {
        type: 'object',
        properties: { expression: { type: 'string', description: 'e.g. "12*7"' } },
        required: ['expression'],
      },
    },
  },
];

/** What a tool run produced: the text the model reads, and whether it is an error. */
export interface ToolOutcome {
  content: string;
  isError: boolean;
}

/**
 * Runs a tool call locally after `delay` ms (so a tool window is visible, and interruptible).
 * Rejects with the signal's reason when aborted.
 */
export async function runTool(name: string, argumentsText: string, options: { delay: number; signal: AbortSignal }): Promise<ToolOutcome> {
  await sleep(options.delay, options.signal);
  const args = parseArguments(argumentsText);
  if (args === undefined) return { content: `Error: the arguments are not a JSON object: ${argumentsText}`, isError: true };
  if (name === 'get_weather') return weather(args);
  if (name === 'calculator') return calculator(args);
  return { content: `Error: there is no tool named "${name}".`, isError: true };
}

function weather(args: Record<string, unknown>): ToolOutcome {
  const city = typeof args.city === 'string' && args.city.trim() !== '' ? args.city.trim() : '';
  if (city === '') return { content: 'Error: `city` is required.', isError: true };
  const report = simulatedWeather(city);
  return { content: JSON.stringify(report), isError: false };
}

/** A stable, made-up weather report for a city: the same city always gets the same weather. */
export function simulatedWeather(city: string): { city: string; temperatureC: number; conditions: string; windKph: number } {
  const hash = hashString(city.toLowerCase());
  const conditions = ['sunny', 'partly cloudy', 'overcast', 'light rain', 'windy', 'clear', 'foggy'];
  return {
    city,
    temperatureC: (hash % 31) - 3,
    conditions: conditions[hash % conditions.length]!,
    windKph: 4 + (hash >>> 5) % 30,
  };
}

function calculator(args: Record<string, unknown>): ToolOutcome {
  if (typeof args.expression !== 'string') return { content: 'Error: `expression` is required.', isError: true };
  const result = calculate(args.expression);
  if (!result.ok) return { content: `Error: ${result.error}`, isError: true };
  return { content: formatNumber(result.value), isError: false };
}

function parseArguments(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text === '' ? '{}' : text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** FNV-1a, 32-bit. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Waits `ms`, rejecting with the signal's reason if it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
