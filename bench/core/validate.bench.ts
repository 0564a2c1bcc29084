// validate on a 200,000-message history with tool windows, against JSON.parse of the same
// history's JSON text (the cost of merely reading it back). Target ratio: ≤ 0.5.
// Run: npx vitest bench --run --project node bench/core/validate.bench.ts
import { bench, describe } from 'vitest';
import { seededRandom } from './seeded-random.js';
import type { AssistantBlock, Message, ToolCallBlock } from '../../src/core/message.js';
import { validate } from '../../src/core/validate.js';

const MESSAGE_COUNT = 200_000;
const WORDS = ['the', 'weather', 'in', 'Oslo', 'is', 'cold', 'погода', 'хорошая', 'deploy', 'function', 'result', 'value', '🚀', 'table', 'row'];
const TOOLS = ['search', 'get_weather', 'read_file'];

// Ordinary chat turns, about half of them with a window of 1–3 tool calls whose results come
// back in any order. Messages are kept short (about 300 bytes of JSON each on average), so
// that parsing is not flattered by long texts.
function history(count: number): Message[] {
  const next = seededRandom(3);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const text = (words: number) => {
    const out: string[] = [];
    for (let index = 0; index < words; index++) out.push(pick(WORDS));
    return out.join(' ');
  };
  const messages: Message[] = [];
  let callNumber = 0;
  while (messages.length < count) {
    messages.push({ role: 'user', content: text(5 + Math.floor(next() * 35)) });
    if (next() < 0.5) {
      const calls: ToolCallBlock[] = [];
      const callCount = 1 + Math.floor(next() * 3);
      for (let index = 0; index < callCount; index++) {
        calls.push({ type: 'tool_call', id: `call_${callNumber++}`, name: pick(TOOLS), arguments: JSON.stringify({ query: text(4), limit: 5 }) });
      }
      const blocks: AssistantBlock[] = [{ type: 'reasoning', text: text(10 + Math.floor(next() * 20)) }, { type: 'text', text: text(3 + Math.floor(next() * 12)) }, ...calls];
      messages.push({ role: 'assistant', content: blocks });
      const order = calls.map((call) => ({ call, key: next() })).sort((left, right) => left.key - right.key);
      for (const { call } of order) {
        messages.push({ role: 'tool', toolCallId: call.id, toolName: call.name, content: text(20 + Math.floor(next() * 180)) });
      }
    }
    messages.push({ role: 'assistant', content: [{ type: 'text', text: text(15 + Math.floor(next() * 85)) }] });
  }
  // Cut after the last complete turn at or below the count, so the history stays valid.
  messages.length = count;
  while (!endsTurn(messages.at(-1))) messages.pop();
  return messages;
}

function endsTurn(message: Message | undefined): boolean {
  return message?.role === 'assistant' && !message.content.some((block) => block.type === 'tool_call');
}

const messages = history(MESSAGE_COUNT);
const json = JSON.stringify(messages);
if (validate(messages, 'sendable').length !== 0) throw new Error('the benchmark history should be valid');
let sink = 0;

describe(`validate on ${messages.length.toLocaleString('en')} messages (${(json.length / 1e6).toFixed(0)} MB of JSON)`, () => {
  bench('JSON.parse of the history text', () => {
    sink += (JSON.parse(json) as unknown[]).length;
  });

  bench('validate (sendable)', () => {
    sink += validate(messages, 'sendable').length;
  });
});

export { sink };
