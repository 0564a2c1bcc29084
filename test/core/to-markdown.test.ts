import { describe, expect, it } from 'vitest';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import type { CompactionEntry, Entry, MessageEntry } from '../../src/core/entry.js';
import type { Message } from '../../src/core/message.js';
import { toMarkdown } from '../../src/core/to-markdown.js';
import { entryFactory } from '../support/entries.js';

const factory = entryFactory();
let count = 0;
const entry = (message: Message): MessageEntry => factory.message(`m${++count}`, message);
const compaction = (summary: string, firstKeptId: string, tokensBefore?: number): CompactionEntry =>
  factory.compaction(`k${++count}`, firstKeptId, summary, tokensBefore);

describe('toMarkdown', () => {
  it('writes role headings and text as written', () => {
    const markdown = toMarkdown([entry(user('Hi **there**')), entry(assistant('Hello! <b>not html</b>'))]);
    expect(markdown).toBe('### User\n\nHi **there**\n\n### Assistant\n\nHello! <b>not html</b>\n');
  });

  it('shows each tool call with its arguments and, right below, its result', () => {
    const markdown = toMarkdown([
      entry(user('Weather?')),
      entry(assistant([toolCall('c1', 'get_weather', { city: 'Oslo' })])),
      entry(toolResult('c1', 'get_weather', '5 °C')),
      entry(assistant('It is 5 °C.')),
    ]);
    expect(markdown).toBe([
      '### User', '', 'Weather?', '',
      '### Assistant', '', '**Tool call:** `get_weather`', '', '```json', '{"city":"Oslo"}', '```', '',
      '**Result:**', '', '```', '5 °C', '```', '',
      '### Assistant', '', 'It is 5 °C.', '',
    ].join('\n'));
  });

  it('marks error results', () => {
    const markdown = toMarkdown([
      entry(assistant([toolCall('c1', 'fetch', {})])),
      entry(toolResult('c1', 'fetch', 'timeout', { isError: true })),
    ]);
    expect(markdown).toContain('**Result (error):**\n\n```\ntimeout\n```');
    expect(markdown).not.toContain('**Result:**');
  });

  it('says when a call has no result and gives an orphan result its own section', () => {
    const markdown = toMarkdown([entry(assistant([toolCall('c1', 'fetch', {})])), entry(toolResult('zz', 'lookup', 'late'))]);
    expect(markdown).toContain('*No result.*');
    expect(markdown).toContain('### Tool result: `lookup`\n\n**Result:**\n\n```\nlate\n```');
  });

  it('shows under a call only the result in the run right after it; a misplaced or early one stands on its own', () => {
    const markdown = toMarkdown([
      entry(toolResult('c1', 'fetch', 'early')),
      entry(assistant([toolCall('c1', 'fetch', {})])),
      entry(user('wait')),
      entry(toolResult('c1', 'fetch', 'late')),
    ]);
    expect(markdown).toContain('*No result.*');
    expect(markdown).toContain('### Tool result: `fetch`\n\n**Result:**\n\n```\nearly\n```');
    expect(markdown).toContain('### Tool result: `fetch`\n\n**Result:**\n\n```\nlate\n```');
  });

  it('finds a result in its run when a compaction entry stands between call and result', () => {
    const call = entry(assistant([toolCall('c1', 'fetch', {})]));
    const markdown = toMarkdown([call, compaction('summary', call.id), entry(toolResult('c1', 'fetch', 'done'))]);
    expect(markdown).toContain('**Result:**\n\n```\ndone\n```');
    expect(markdown).not.toContain('### Tool result');
  });

  it('marks a compaction where it happened, with its summary quoted', () => {
    const first = entry(user('old'));
    const markdown = toMarkdown([first, compaction('Line one\n\nLine two', first.id, 12000), entry(user('new'))]);
    expect(markdown).toBe([
      '### User', '', 'old', '',
      '### Compaction', '', '*The messages before this point were summarized for the model (about 12000 tokens before):*', '',
      '> Line one', '>', '> Line two', '',
      '### User', '', 'new', '',
    ].join('\n'));
  });

  it('quotes reasoning and marks refusals', () => {
    const markdown = toMarkdown([entry(assistant([
      { type: 'reasoning', text: 'think\nmore' },
      { type: 'refusal', text: 'I cannot help with that.' },
    ]))]);
    expect(markdown).toContain('> *Reasoning:*\n> think\n> more');
    expect(markdown).toContain('*Refusal:* I cannot help with that.');
  });

  it('grows code fences past any backtick run in the content', () => {
    const markdown = toMarkdown([
      entry(assistant([toolCall('c1', 'run', {})])),
      entry(toolResult('c1', 'run', 'before\n```\nescape attempt\n````\nafter')),
    ]);
    expect(markdown).toContain('`````\nbefore\n```\nescape attempt\n````\nafter\n`````');
  });

  it('links media by URL and only names inline data', () => {
    const markdown = toMarkdown([entry(user([
      { type: 'text', text: 'See:' },
      { type: 'image', source: { kind: 'url', url: 'https://example.com/cat.png' } },
      { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'AAAA'.repeat(1000) } },
      { type: 'file', source: { kind: 'provider_file', provider: 'openai', fileId: 'file-1' }, filename: 'report.pdf' },
    ]))]);
    expect(markdown).toContain('![image](<https://example.com/cat.png>)');
    expect(markdown).toContain('*[image: image/png]*');
    expect(markdown).toContain('*[file: report.pdf (openai file)]*');
    expect(markdown).not.toContain('AAAA');
  });

  it('returns an empty string for an empty log and does not mutate its input', () => {
    expect(toMarkdown([])).toBe('');
    const log: readonly Entry[] = Object.freeze([entry(user('x'))]);
    const copy = structuredClone(log);
    toMarkdown(log);
    expect(log).toEqual(copy);
  });
});
