// The one way every store figure is timed: warm-up, then interleaved repetitions.
// Machines here are shared and noisy, so candidate and baseline operations alternate inside
// the same time window, and a ratio compares medians, never single runs.

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

/**
 * One repetition's order of operations: every side's operations spread evenly over it, so a
 * burst of noise on this shared machine hits candidate and baseline alike.
 */
export function interleave(sides: readonly Pick<Side, 'opsPerRepetition'>[]): number[] {
  const slots: { at: number; index: number }[] = [];
  sides.forEach((side, index) => {
    for (let op = 0; op < side.opsPerRepetition; op += 1) slots.push({ at: (op + 0.5) / side.opsPerRepetition, index });
  });
  return slots.sort((left, right) => left.at - right.at || left.index - right.index).map((slot) => slot.index);
}

/**
 * Times every side for `warmupRepetitions` + `repetitions` rounds. Within a round the sides'
 * operations are interleaved (see {@link interleave}) and the order is reversed every other
 * round, so neither side always goes first; each operation is timed on its own and a side's
 * sample is its mean time per operation in that round.
 */
export async function measure(sides: readonly Side[], options: MeasureOptions): Promise<SideSummary[]> {
  if (options.repetitions < 5) throw new Error('A figure needs at least 5 timed repetitions.');
  const schedule = interleave(sides);
  const counters = sides.map(() => 0);
  const samples: number[][] = sides.map(() => []);
  const rounds = options.warmupRepetitions + options.repetitions;
  for (let round = 0; round < rounds; round += 1) {
    const totals = sides.map(() => 0);
    for (const index of round % 2 === 1 ? [...schedule].reverse() : schedule) {
      const side = sides[index];
      if (!side) continue;
      const operationIndex = counters[index] ?? 0;
      counters[index] = operationIndex + 1;
      const start = performance.now();
      await side.operation(operationIndex);
      totals[index] = (totals[index] ?? 0) + performance.now() - start;
    }
    if (round < options.warmupRepetitions) continue;
    sides.forEach((side, index) => samples[index]?.push((totals[index] ?? 0) / side.opsPerRepetition));
  }
  return sides.map((side, index) => summarize(side, samples[index] ?? []));
}

/** The summary of `values`, one side's samples in milliseconds per operation. */
export function summarize(side: Pick<Side, 'label' | 'opsPerRepetition'>, values: number[]): SideSummary {
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
