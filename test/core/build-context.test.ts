import { describe, expect, it } from 'vitest';
import { buildContext, SUMMARY_PREFIX } from '../../src/core/build-context.js';
import { assistant, toolCall, toolResult, user } from '../../src/core/constructors.js';
import type { Entry, MessageEntry } from '../../src/core/entry.js';
import { keptTail } from '../../src/core/kept-tail.js';

import { entryFactory } from '../support/entries.js';

const { message: entry, compaction } = entryFactory();

const log: Entry[] = [
  entry('m1', user('Plan a trip to Oslo')),
  entry('m2', assistant([toolCall('c1', 'get_weather', { city: 'Oslo' })])),
  entry('m3', toolResult('c1', 'get_weather', '5 °C')),
  entry('m4', assistant('It is 5 °C in Oslo.')),
  entry('m5', user('And Bergen?')),
  entry('m6', assistant('Rainy.')),
];

describe('buildContext', () => {
  it('sends every message in order without a compaction', () => {
    expect(buildContext(log)).toEqual(log.map((item) => (item as MessageEntry).message));
  });

  it('starts with the summary as a user message, then the kept tail and what came after', () => {
    const k = compaction('k', 'm5', 'The user plans a trip; Oslo is 5 °C.');
    const later = entry('m7', user('Thanks'));
    const context = buildContext([...log, k, later]);
    expect(SUMMARY_PREFIX).toBe('[Conversation summary]\n');
    expect(context).toEqual([
      { role: 'user', content: `${SUMMARY_PREFIX}The user plans a trip; Oslo is 5 °C.` },
      user('And Bergen?'),
      assistant('Rainy.'),
      user('Thanks'),
    ]);
  });

  it('uses the last compaction', () => {
    const first = compaction('k1', 'm2', 'first');
    const second = compaction('k2', 'm5', 'second');
    const context = buildContext([...log.slice(0, 4), first, ...log.slice(4), second]);
    expect(context[0]).toEqual({ role: 'user', content: `${SUMMARY_PREFIX}second` });
    expect(context.slice(1)).toEqual([user('And Bergen?'), assistant('Rainy.')]);
  });

  it('keeps the messages after the compaction entry when firstKeptId is unknown', () => {
    const k = compaction('k', 'gone', 'summary');
    const context = buildContext([...log.slice(0, 4), k, ...log.slice(4)]);
    expect(context).toEqual([{ role: 'user', content: `${SUMMARY_PREFIX}summary` }, user('And Bergen?'), assistant('Rainy.')]);
  });

  it('selects exactly what keptTail selects', () => {
    const k = compaction('k', 'm1', 'everything kept');
    const entries = [...log, k];
    const { compaction: inForce, entries: kept } = keptTail(entries);
    expect(inForce).toBe(k);
    expect(buildContext(entries).slice(1)).toEqual(kept.map((item) => item.message));
  });

  it('does not mutate the log', () => {
    const entries = Object.freeze([...log, compaction('k', 'm5', 's')]);
    const snapshot = structuredClone(entries);
    buildContext(entries);
    expect(entries).toEqual(snapshot);
  });
});
