// What one search figure reports. Unlike the store figures (always a ratio of two medians), a
// search figure's `value` may be a time (the query targets are in milliseconds), a ratio, a heap
// size or a share; the runner judges `value` against `target`.
import type { SideSummary } from '../store/measure.js';

/** The unit of a figure's `value`. */
export type FigureUnit = 'ms' | 'ratio' | 'times faster' | 'MB' | 'percent';

/** One figure of the search group. */
export interface SearchFigure {
  id: string;
  title: string;
  value: number;
  unit: FigureUnit;
  target?: { comparison: '<=' | '>='; value: number };
  /** The timed sides behind `value`, when it was timed. */
  candidate?: SideSummary;
  baseline?: SideSummary;
  notes: string[];
}

/** A figure whose value is the median of one timed side. */
export function medianFigure(
  fields: Pick<SearchFigure, 'id' | 'title' | 'target'> & { notes?: string[] },
  candidate: SideSummary | undefined,
): SearchFigure {
  if (!candidate) throw new Error(`figure ${fields.id}: nothing was timed`);
  return { ...fields, value: candidate.median, unit: 'ms', candidate, notes: fields.notes ?? [] };
}

/** A figure comparing two medians: `candidate / baseline` ('ratio') or `baseline / candidate` ('times faster'). */
export function ratioFigure(
  fields: Pick<SearchFigure, 'id' | 'title' | 'target'> & { unit: 'ratio' | 'times faster'; notes?: string[] },
  candidate: SideSummary | undefined,
  baseline: SideSummary | undefined,
): SearchFigure {
  if (!candidate || !baseline) throw new Error(`figure ${fields.id}: measure returned fewer than two sides`);
  const value = fields.unit === 'ratio' ? candidate.median / baseline.median : baseline.median / candidate.median;
  return { ...fields, value, candidate, baseline, notes: fields.notes ?? [] };
}
