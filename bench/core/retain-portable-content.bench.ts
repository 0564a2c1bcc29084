// retainPortableContent against structuredClone of the same 200,000-message history: the cost of
// passing a whole history through the trust boundary, compared with the cheapest full copy.
// Target: at most 1.5× structuredClone. Run:
//   npx vitest bench --run --project node bench/core/retain-portable-content.bench.ts
import { bench, describe } from 'vitest';
import type { AssistantBlock, Message } from '../../src/core/message.js';
import { retainPortableContent } from '../../src/core/retain-portable-content.js';

const MESSAGE_COUNT = 200_000;

/** A deterministic history of turns: a question, an assistant turn with a tool window or a plain answer. */
function buildHistory(count: number): Message[] {
  const messages: Message[] = [];
  for (let turn = 0; messages.length < count; turn++) {
    messages.push(turn % 10 === 0
      ? { role: 'user', content: [{ type: 'text', text: `Question ${turn}`, providerData: { openai: { cache: true } } }] }
      : { role: 'user', content: `Question ${turn}: what is the weather in Oslo today?` });
    const blocks: AssistantBlock[] = [];
    if (turn % 5 === 0) blocks.push({ type: 'reasoning', text: `Thinking about ${turn}`, providerData: { anthropic: { signature: `sig-${turn}` } } });
    if (turn % 3 === 0) {
      const id = `call_${turn}`;
      blocks.push({ type: 'text', text: 'Let me check.' });
      blocks.push({ type: 'tool_call', id, name: 'get_weather', arguments: `{"city":"Oslo","turn":${turn}}` });
      messages.push({
        role: 'assistant', content: blocks,
        ...(turn % 4 === 0 ? { providerData: { openai: { responseId: `resp_${turn}` } } } : {}),
        appData: { 'convolog.turn': { id: `turn_${turn}`, model: 'model-a' } },
      });
      messages.push({ role: 'tool', toolCallId: id, toolName: 'get_weather', content: `{"temp":${turn % 30},"sky":"clear"}` });
      messages.push({ role: 'assistant', content: [{ type: 'text', text: `It is ${turn % 30} degrees and clear.` }] });
      continue;
    }
    blocks.push({ type: 'text', text: `Answer ${turn}: a plain reply of a typical length for a chat message.` });
    messages.push({ role: 'assistant', content: blocks });
  }
  return messages.slice(0, count);
}

const history = buildHistory(MESSAGE_COUNT);

describe(`${MESSAGE_COUNT.toLocaleString('en')}-message history`, () => {
  bench('structuredClone', () => {
    structuredClone(history);
  });

  bench('retainPortableContent', () => {
    retainPortableContent(history);
  });
});
