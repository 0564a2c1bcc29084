import type { TurnUsage } from '../../core/turn-envelope.js';

/** Usage counts with every count that is not a number left out; `undefined` when none is left. @internal */
export function usageOf(counts: Readonly<Record<string, unknown>>): TurnUsage | undefined {
  const usage: TurnUsage = Object.fromEntries(Object.entries(counts).filter(([, value]) => typeof value === 'number'));
  return Object.keys(usage).length === 0 ? undefined : usage;
}
