// The accuracy table of figure 16: estimateTokens ÷ o200k per script class of the token corpus
// (min, mean and max over the samples, and the class as a whole). Deterministic: the estimate
// and the tokenizer are both pure, so the table is the same on every machine.
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { estimateTokens } from '../../src/core/estimate-tokens.js';
import { corpusSamples, HELD_OUT_DIRECTORY } from './token-corpus.js';

/** One row of the table. */
export interface AccuracyRow {
  scriptClass: string;
  samples: number;
  o200kTokens: number;
  estimatedTokens: number;
  min: number;
  mean: number;
  max: number;
  /** The class as a whole: total estimate ÷ total o200k tokens. */
  aggregate: number;
  /** The estimate this replaced, characters ÷ 4, for the class as a whole. */
  charsOverFour: number;
}

/** The table, one row per script class in corpus order, then one per held-out class (`held out: json-pretty`). */
export function accuracyTable(): AccuracyRow[] {
  const byClass = new Map<string, { estimate: number; o200k: number; quarter: number }[]>();
  const heldOut = corpusSamples(HELD_OUT_DIRECTORY).map((sample) => ({ ...sample, scriptClass: `held out: ${sample.scriptClass}` }));
  for (const sample of [...corpusSamples(), ...heldOut]) {
    const rows = byClass.get(sample.scriptClass) ?? [];
    rows.push({ estimate: estimateTokens(sample.text), o200k: encode(sample.text).length, quarter: Math.ceil(sample.text.length / 4) });
    byClass.set(sample.scriptClass, rows);
  }
  return [...byClass].map(([scriptClass, rows]) => {
    const ratios = rows.map((row) => row.estimate / row.o200k);
    const sum = (pick: (row: (typeof rows)[number]) => number): number => rows.reduce((total, row) => total + pick(row), 0);
    return {
      scriptClass, samples: rows.length, o200kTokens: sum((row) => row.o200k), estimatedTokens: sum((row) => row.estimate),
      min: Math.min(...ratios), mean: ratios.reduce((total, ratio) => total + ratio, 0) / ratios.length, max: Math.max(...ratios),
      aggregate: sum((row) => row.estimate) / sum((row) => row.o200k), charsOverFour: sum((row) => row.quarter) / sum((row) => row.o200k),
    };
  });
}
