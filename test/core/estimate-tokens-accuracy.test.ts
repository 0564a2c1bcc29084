// The default estimate against a real tokenizer (o200k, through gpt-tokenizer) on a corpus of
// chat text in twelve script classes and nine whitespace- and punctuation-heavy text classes
// (test/fixtures/token-corpus): it must never undercount and never overcount by more than half,
// sample by sample and class by class. test/fixtures/token-corpus-held-out holds samples the
// costs were never tuned on, checked the same way. Read through Vite, so this runs in the
// browser project too.
import { describe, expect, it } from 'vitest';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { estimateTokens } from '../../src/core/estimate-tokens.js';

const files = import.meta.glob<string>('../fixtures/token-corpus/*/*.txt', { query: '?raw', import: 'default', eager: true });
const heldOutFiles = import.meta.glob<string>('../fixtures/token-corpus-held-out/*/*.txt', { query: '?raw', import: 'default', eager: true });

const CLASSES = [
  'english', 'code', 'json', 'markdown', 'chinese', 'japanese', 'korean', 'russian', 'arabic', 'hindi', 'emoji', 'base64',
  // Text whose indentation, line breaks, numbers and punctuation runs carry much of the count.
  'json-pretty', 'yaml', 'logs', 'stack-trace', 'table', 'diff', 'minified', 'csv', 'python',
] as const;
const HELD_OUT_CLASSES = ['json-pretty', 'yaml', 'logs', 'stack-trace', 'table', 'diff', 'minified', 'csv', 'python', 'base64', 'code'] as const;

interface Sample { name: string; text: string; estimate: number; o200k: number }

function samplesOf(scriptClass: string, corpus: Record<string, string> = files): Sample[] {
  return Object.entries(corpus)
    .filter(([path]) => path.split('/').at(-2) === scriptClass)
    .map(([path, text]) => ({ name: path.split('/').slice(-2).join('/'), text, estimate: estimateTokens(text), o200k: encode(text).length }));
}

describe('estimateTokens against o200k', () => {
  it('has a corpus of several realistic samples for every script class', () => {
    for (const scriptClass of CLASSES) {
      const samples = samplesOf(scriptClass);
      expect(samples.length, scriptClass).toBeGreaterThanOrEqual(6);
      for (const sample of samples) expect(sample.o200k, sample.name).toBeGreaterThanOrEqual(25);
    }
  });

  it.each(CLASSES)('%s: every sample estimates to 1.0–1.5× o200k', (scriptClass) => {
    const outside = samplesOf(scriptClass)
      .map((sample) => ({ name: sample.name, ratio: Number((sample.estimate / sample.o200k).toFixed(3)) }))
      .filter(({ ratio }) => ratio < 1 || ratio > 1.5);
    expect(outside).toEqual([]);
  });

  it.each(CLASSES)('%s: the class as a whole estimates to 1.0–1.5× o200k', (scriptClass) => {
    const samples = samplesOf(scriptClass);
    const ratio = samples.reduce((sum, sample) => sum + sample.estimate, 0) / samples.reduce((sum, sample) => sum + sample.o200k, 0);
    expect(ratio).toBeGreaterThanOrEqual(1);
    expect(ratio).toBeLessThanOrEqual(1.5);
  });

  it.each(HELD_OUT_CLASSES)('held out (never tuned on), %s: every sample and the class estimate to 1.0–1.5× o200k', (scriptClass) => {
    const samples = samplesOf(scriptClass, heldOutFiles);
    expect(samples.length).toBeGreaterThanOrEqual(2);
    const outside = samples
      .map((sample) => ({ name: sample.name, ratio: Number((sample.estimate / sample.o200k).toFixed(3)) }))
      .filter(({ ratio }) => ratio < 1 || ratio > 1.5);
    expect(outside).toEqual([]);
    const ratio = samples.reduce((sum, sample) => sum + sample.estimate, 0) / samples.reduce((sum, sample) => sum + sample.o200k, 0);
    expect(ratio).toBeGreaterThanOrEqual(1);
    expect(ratio).toBeLessThanOrEqual(1.5);
  });

  it('undercounts no class the way characters ÷ 4 did (the estimate this replaces)', () => {
    // The old estimate stays below 0.5× on CJK, emoji and base64: the corpus does show the failure.
    const charsOverFour = (scriptClass: string): number => {
      const samples = samplesOf(scriptClass);
      return samples.reduce((sum, sample) => sum + Math.ceil(sample.text.length / 4), 0) / samples.reduce((sum, sample) => sum + sample.o200k, 0);
    };
    for (const scriptClass of ['chinese', 'japanese', 'korean', 'base64']) expect(charsOverFour(scriptClass), scriptClass).toBeLessThan(0.5);
    expect(charsOverFour('emoji')).toBeLessThan(0.75);
  });
});
