import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';

import { CHARS_PER_TOKEN } from '../../src/core/estimate-tokens.js';

/** How HistoryView sizes a page: characters ÷ 4, the 0.1 measure (a page is for reading, not a budget). */
const pageMeasure = (page: string): number => Math.ceil(page.length / CHARS_PER_TOKEN);
import { HistoryView } from '../../src/core/history-view.js';

import { messageEntries } from '../support/entries.js';

const entries = messageEntries;

function allPages(view: HistoryView, pageTokens: number): string[] {
  const pages: string[] = [];
  for (let n = 1; n <= view.pageCount(pageTokens); n++) pages.push(view.page(pageTokens, n) as string);
  return pages;
}

const weather = entries([
  user('Weather in Oslo and Bergen?'), // m0
  assistant([{ type: 'text', text: 'Checking.' }, toolCall('c1', 'get_weather', { city: 'Oslo' }), toolCall('c2', 'get_weather', { city: 'Bergen' })]), // m1
  toolResult('c2', 'get_weather', 'rain\nall week'), // m2
  toolResult('c1', 'get_weather', 'failed', { isError: true }), // m3
  assistant([{ type: 'reasoning', text: 'private' }, { type: 'text', text: 'Bergen: rain.' }]), // m4
]);

describe('HistoryView', () => {
  it('renders one block per user and assistant message, folding results under their calls', () => {
    const view = HistoryView.render(weather);
    expect(view.text).toBe([
      'User: Weather in Oslo and Bergen?',
      '',
      'Assistant: Checking.',
      '→ get_weather({"city":"Oslo"})',
      '= error: failed',
      '→ get_weather({"city":"Bergen"})',
      '= rain',
      'all week',
      '',
      'Assistant: Bergen: rain.',
    ].join('\n'));
    expect(view.blockCount).toBe(3);
  });

  it('never clips, however long a message or result is', () => {
    const long = 'x'.repeat(10_000);
    const view = HistoryView.render(entries([assistant([toolCall('a', 'read', {})]), toolResult('a', 'read', long), user(long)]));
    expect(view.text.split(long)).toHaveLength(3);
  });

  it('gives orderOf by block, resolving a tool message to the block of its call', () => {
    const view = HistoryView.render(weather);
    expect(view.orderOf('m0')).toBe(0);
    expect(view.orderOf('m1')).toBe(1);
    expect(view.orderOf('m2')).toBe(1);
    expect(view.orderOf('m3')).toBe(1);
    expect(view.orderOf('m4')).toBe(2);
    expect(view.orderOf('nope')).toBeUndefined();
  });

  it('gives a result whose call is not in view a block of its own', () => {
    const view = HistoryView.render(entries([toolResult('x', 'lookup', 'late'), user('next')]));
    expect(view.text).toBe('Tool lookup: late\n\nUser: next');
    expect(view.orderOf('m0')).toBe(0);
    expect(view.orderOf('m1')).toBe(1);
  });

  it('folds only a result in the run right after its call; a misplaced one gets a block of its own', () => {
    const view = HistoryView.render(entries([assistant([toolCall('a', 'lookup', {})]), user('wait'), toolResult('a', 'lookup', 'late')]));
    expect(view.text).toBe('Assistant:\n→ lookup({})\n\nUser: wait\n\nTool lookup: late');
    expect(view.orderOf('m2')).toBe(2);
  });

  it('localizes through labels', () => {
    const view = HistoryView.render(entries([user('Привет')]), { labels: { user: 'Пользователь' } });
    expect(view.text).toBe('Пользователь: Привет');
  });

  it('puts everything on one page when it fits', () => {
    const view = HistoryView.render(weather);
    expect(view.pageCount(10_000)).toBe(1);
    expect(view.page(10_000, 1)).toBe(view.text);
  });

  it('returns undefined for pages out of range', () => {
    const view = HistoryView.render(weather);
    expect(view.page(10_000, 0)).toBeUndefined();
    expect(view.page(10_000, 2)).toBeUndefined();
    expect(view.page(10_000, 1.5)).toBeUndefined();
    expect(view.page(10_000, -1)).toBeUndefined();
  });

  it('has no pages when empty', () => {
    const view = HistoryView.render([]);
    expect(view.text).toBe('');
    expect(view.pageCount(100)).toBe(0);
    expect(view.page(100, 1)).toBeUndefined();
  });

  it('cuts pages on line boundaries, preferring a blank line', () => {
    const view = HistoryView.render(entries([user('a'.repeat(30)), assistant('b'.repeat(10)), user('c'.repeat(10))]));
    // Blocks: 'User: aaa…' (36 chars), 'Assistant: bbb…' (21), 'User: ccc…' (16), separated by blank lines.
    // 15 tokens = 60 chars: the line boundary after 'Assistant: bbb…' (offset 60) fits, but the blank
    // line after the first block (offset 38) keeps the page over half full, so the page ends there.
    expect(allPages(view, 15)).toEqual([`User: ${'a'.repeat(30)}\n\n`, `Assistant: ${'b'.repeat(10)}\n\nUser: ${'c'.repeat(10)}`]);
  });

  it('falls back to a plain line boundary when no blank line keeps the page half full', () => {
    const lines = Array.from({ length: 10 }, (_, index) => `line ${index} ${'z'.repeat(10)}`).join('\n');
    const view = HistoryView.render(entries([user(`x\n\n${lines}`)]));
    const pages = allPages(view, 10); // 40 chars a page
    expect(pages.join('')).toBe(view.text);
    // The blank line after 'User: x' (offset 9) would leave the first page under half full.
    expect(pages[0]).toBe(`User: x\n\nline 0 ${'z'.repeat(10)}\n`);
    for (const page of pages.slice(0, -1)) {
      expect(page.endsWith('\n')).toBe(true);
      expect(pageMeasure(page)).toBeLessThanOrEqual(10);
    }
    expect(pages.length).toBeGreaterThan(3);
  });

  it('makes a line longer than a page a page of its own', () => {
    const view = HistoryView.render(entries([user('short'), user('y'.repeat(200)), user('tail')]));
    const pages = allPages(view, 5); // 20 chars a page
    expect(pages).toContain(`User: ${'y'.repeat(200)}\n`);
    expect(pages.join('')).toBe(view.text);
  });

  it('locates the page on which an entry\'s block starts', () => {
    const view = HistoryView.render(entries([user('a'.repeat(30)), assistant('b'.repeat(10)), user('c'.repeat(10))]));
    expect(view.locate(15, 'm0')).toEqual({ page: 1, block: 0 });
    expect(view.locate(15, 'm1')).toEqual({ page: 2, block: 1 });
    expect(view.locate(15, 'm2')).toEqual({ page: 2, block: 2 });
    expect(view.locate(15, 'missing')).toBeUndefined();
    expect(view.locate(1_000, 'm2')).toEqual({ page: 1, block: 2 });
  });

  it('locates a tool result on the page of its call', () => {
    const view = HistoryView.render(weather);
    const pageTokens = 8;
    expect(view.locate(pageTokens, 'm2')).toEqual(view.locate(pageTokens, 'm1'));
    const location = view.locate(pageTokens, 'm1');
    expect(view.page(pageTokens, location?.page ?? 0)).toContain('Assistant: Checking.');
  });

  it('tiles the text exactly with pages, for random texts and budgets', () => {
    const line = fc.string({ unit: fc.constantFrom('a', 'б', '😀', ' ', '\n', '\n\n', 'word '), maxLength: 60 });
    const message = fc.oneof(line.map((text) => user(text)), line.map((text) => assistant(text)));
    fc.assert(
      fc.property(fc.array(message, { maxLength: 30 }), fc.integer({ min: 1, max: 60 }), (messages, pageTokens) => {
        const view = HistoryView.render(entries(messages));
        const pages = allPages(view, pageTokens);
        expect(pages.join('')).toBe(view.text);
        for (const [index, page] of pages.entries()) {
          expect(page.length).toBeGreaterThan(0);
          const last = index === pages.length - 1;
          if (!last) expect(page.endsWith('\n')).toBe(true);
          const singleLine = page.indexOf('\n') === -1 || page.indexOf('\n') === page.length - 1;
          if (!singleLine) expect(pageMeasure(page)).toBeLessThanOrEqual(pageTokens);
        }
        for (const entry of entries(messages)) {
          const location = view.locate(pageTokens, entry.id);
          expect(location).toBeDefined();
          expect(location?.page).toBeGreaterThanOrEqual(1);
          expect(location?.page).toBeLessThanOrEqual(pages.length);
        }
      }),
      { numRuns: 200 },
    );
  });
});
