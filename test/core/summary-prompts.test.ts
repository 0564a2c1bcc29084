import { describe, expect, it } from 'vitest';
import { rollSummaryPrompt, summarySystemPrompt } from '../../src/core/summary-prompts.js';

describe('summarySystemPrompt', () => {
  it('states the word limit', () => {
    expect(summarySystemPrompt(250)).toContain('at most 250 words');
    expect(summarySystemPrompt(80)).toContain('at most 80 words');
  });

  it('leaves no placeholder behind', () => {
    expect(summarySystemPrompt(250)).not.toMatch(/\{\w+\}/);
  });
});

describe('rollSummaryPrompt', () => {
  const previous = 'The user is planning a trip to Oslo in May.';
  const digest = 'User: Actually, make it Bergen in June.';

  it('carries the previous summary, the new part and the word limit', () => {
    const prompt = rollSummaryPrompt(previous, digest, 300);
    expect(prompt).toContain(previous);
    expect(prompt).toContain(digest);
    expect(prompt).toContain('at most 300 words');
    expect(prompt.indexOf(previous)).toBeLessThan(prompt.indexOf(digest));
  });

  it('asks to fold the new part in and drop what later turns superseded', () => {
    const prompt = rollSummaryPrompt(previous, digest, 300);
    expect(prompt).toMatch(/fold the new part into the summary/i);
    expect(prompt).toMatch(/superseded/i);
    expect(prompt).toMatch(/drop what they replaced/i);
  });

  it('substitutes in a single pass: placeholders inside the digest or the summary stay literal', () => {
    const trickyDigest = 'User: print("{words}") and {previous} and {digest}';
    const trickySummary = 'We discussed the template {digest} and {words}.';
    const prompt = rollSummaryPrompt(trickySummary, trickyDigest, 120);
    expect(prompt).toContain(trickyDigest);
    expect(prompt).toContain(trickySummary);
    expect(prompt.split('at most 120 words')).toHaveLength(2);
    expect(prompt.split('{words}')).toHaveLength(3);
  });

  it('keeps replacement patterns such as $& and $1 literal', () => {
    const prompt = rollSummaryPrompt('cost $& and $1', "digest $' $$", 50);
    expect(prompt).toContain('cost $& and $1');
    expect(prompt).toContain("digest $' $$");
  });
});
