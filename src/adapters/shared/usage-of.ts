import type { TurnUsage } from '../../core/turn-envelope.js';

/** Usage counts with every count that is not a number left out; `undefined` when none is left. @internal */
export function usageOf(counts: Readonly<Record<string, unknown>>): TurnUsage | undefined {
  const usage: TurnUsage = {};
  for (const [key, value] of Object.entries(counts)) if (typeof value === 'number') usage[key] = value;
  return Object.keys(usage).length === 0 ? undefined : usage;
}
