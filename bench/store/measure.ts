// The one way every store figure is timed: warm-up, then interleaved repetitions.
// Machines here are shared and noisy, so candidate and baseline run in alternating order
// inside the same time window, and a ratio compares medians, never single runs.

/** One thing being timed: `operation` runs `opsPerRepetition` times per repetition. */
export interface Side {
  label: string;
  /** How many operations one repetition times; the sample is the mean time per operation. */
  opsPerRepetition: number;
  operation: (index: number) => Promise<unknown>;
}

/** Milliseconds per operation over the timed repetitions of one side. */
export interface SideSummary {
  label: string;
  unit: 'ms/op';
  opsPerRepetition: number;
  median: number;
  min: number;
  max: number;
  samples: number[];
}

export interface MeasureOptions {
  /** Untimed repetitions run first (JIT, caches, IndexedDB connection warm-up). */
  warmupRepetitions: number;
  /** Timed repetitions; at least 5. */
  repetitions: number;
}

/** The median of a non-empty list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] ?? Number.NaN;
  return ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

async function timeRepetition(side: Side, counter: { next: number }): Promise<number> {
  const start = performance.now();
  for (let op = 0; op < side.opsPerRepetition; op += 1) {
    await side.operation(counter.next);
    counter.next += 1;
  }
  return (performance.now() - start) / side.opsPerRepetition;
}

/**
 * Times every side for `warmupRepetitions` + `repetitions` rounds. Within a round the sides run
 * one after the other, and the order flips every round so neither side always goes first.
 */
export async function measure(sides: readonly Side[], options: MeasureOptions): Promise<SideSummary[]> {
  if (options.repetitions < 5) throw new Error('A figure needs at least 5 timed repetitions.');
  const counters = sides.map(() => ({ next: 0 }));
  const samples: number[][] = sides.map(() => []);
  const rounds = options.warmupRepetitions + options.repetitions;
  for (let round = 0; round < rounds; round += 1) {
    const order = sides.map((_, index) => index);
    if (round % 2 === 1) order.reverse();
    for (const index of order) {
      const side = sides[index];
      const counter = counters[index];
      if (!side || !counter) continue;
      const perOperation = await timeRepetition(side, counter);
      if (round >= options.warmupRepetitions) samples[index]?.push(perOperation);
    }
  }
  return sides.map((side, index) => summarize(side, samples[index] ?? []));
}

function summarize(side: Side, values: number[]): SideSummary {
  return {
    label: side.label,
    unit: 'ms/op',
    opsPerRepetition: side.opsPerRepetition,
    median: median(values),
    min: Math.min(...values),
    max: Math.max(...values),
    samples: values,
  };
}
