// planCut + buildCompactionDigest on a 100,000-message history, against JSON.stringify of the
// same messages (the cost of merely serializing what a compaction reads). Target ratio: ≤ 1.
import { bench, describe } from 'vitest';
import { seededRandom } from './seeded-random.js';
import { buildCompactionDigest } from '../../src/core/compaction-digest.js';
import type { Message } from '../../src/core/message.js';
import { planCut } from '../../src/core/plan-cut.js';

const MESSAGE_COUNT = 100_000;
const TAIL_TOKENS = 20_000;
const WORDS = ['the', 'weather', 'in', 'Oslo', 'is', 'cold', 'погода', 'хорошая', 'deploy', 'function', 'result', 'value', '🚀', 'table', 'row'];

function history(count: number): Message[] {
  const next = seededRandom(42);
  const text = (words: number) => {
    const out: string[] = [];
    for (let index = 0; index < words; index++) out.push(WORDS[Math.floor(next() * WORDS.length)] as string);
    return out.join(' ');
  };
  const messages: Message[] = [];
  let call = 0;
  while (messages.length < count) {
    messages.push({ role: 'user', content: text(10 + Math.floor(next() * 60)) });
    if (next() < 0.4) {
      const id = `call_${call++}`;
      messages.push({
        role: 'assistant',
        content: [
          { type: 'reasoning', text: text(20 + Math.floor(next() * 40)) },
          { type: 'text', text: text(5 + Math.floor(next() * 20)) },
          { type: 'tool_call', id, name: 'search', arguments: JSON.stringify({ query: text(4), limit: 5 }) },
        ],
      });
      messages.push({ role: 'tool', toolCallId: id, toolName: 'search', content: text(50 + Math.floor(next() * 400)) });
    }
    messages.push({ role: 'assistant', content: [{ type: 'text', text: text(30 + Math.floor(next() * 200)) }] });
  }
  return messages.slice(0, count);
}

const messages = history(MESSAGE_COUNT);
let sink = 0;

describe('compaction planning on 100,000 messages', () => {
  bench('JSON.stringify', () => {
    sink += JSON.stringify(messages).length;
  });

  bench('planCut + buildCompactionDigest', () => {
    const cut = planCut(messages, TAIL_TOKENS);
    if (cut === null) throw new Error('the benchmark history should be worth compacting');
    const digest = buildCompactionDigest(messages.slice(0, cut));
    // charCodeAt flattens the digest (a rope until read), so string building is fully paid for.
    sink += digest === null ? 0 : digest.charCodeAt(digest.length - 1);
  });
});

export { sink };
