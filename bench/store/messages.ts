// Deterministic, realistically sized chat messages for seeding and appending.
// A cycle is one ordinary tool-using turn: user, assistant calling a tool, the tool result,
// the assistant's answer. Every seeded conversation is whole cycles, so it always ends settled
// and every fourth entry (seq 1, 5, 9, …) is a user message.
import { assistant, toolCall, toolResult, user, type Message } from '../../src/core/index.js';

const WORDS = [
  'the', 'weather', 'in', 'Oslo', 'is', 'mild', 'today', 'with', 'light', 'rain', 'expected', 'after', 'noon',
  'please', 'summarize', 'report', 'quarterly', 'numbers', 'and', 'compare', 'them', 'to', 'last', 'year',
  'function', 'returns', 'a', 'promise', 'that', 'resolves', 'when', 'transaction', 'completes', 'index',
];

/** Text of about `length` characters, different for every `seed`. */
export function prose(seed: number, length: number): string {
  const words: string[] = [];
  let size = 0;
  let state = (seed * 2654435761) >>> 0;
  while (size < length) {
    state = (state * 1103515245 + 12345) >>> 0;
    const word = WORDS[state % WORDS.length] ?? 'word';
    words.push(word);
    size += word.length + 1;
  }
  return words.join(' ');
}

/** The four messages of cycle `cycle`; `tag` keeps tool-call ids unique per conversation. */
export function cycleMessages(cycle: number, tag: string): Message[] {
  const callId = `call_${tag}_${cycle}`;
  return [
    user(prose(cycle * 4, 220)),
    assistant([
      { type: 'text', text: prose(cycle * 4 + 1, 80) },
      toolCall(callId, 'lookup', { query: prose(cycle * 4 + 2, 40), limit: 5 }),
    ]),
    toolResult(callId, 'lookup', prose(cycle * 4 + 3, 420)),
    assistant(prose(cycle * 4 + 4, 600)),
  ];
}

/** `count` messages (a multiple of 4) made of whole cycles, starting at cycle `firstCycle`. */
export function conversationMessages(count: number, tag: string, firstCycle = 0): Message[] {
  if (count % 4 !== 0) throw new Error(`Seed counts are whole 4-message cycles; got ${count}.`);
  const messages: Message[] = [];
  for (let cycle = firstCycle; cycle < firstCycle + count / 4; cycle += 1) messages.push(...cycleMessages(cycle, tag));
  return messages;
}

/**
 * The next message a chat would append one at a time: user and assistant text in turn, so
 * every single append leaves the log valid. One instance per conversation.
 */
export class ChatTurns {
  #count = 0;

  next(): Message {
    const index = this.#count;
    this.#count += 1;
    return index % 2 === 0 ? user(prose(1_000_000 + index, 220)) : assistant(prose(2_000_000 + index, 600));
  }
}

/**
 * A 50-message tool window: a user message, 24 calls each answered by its result, and the
 * final answer. `window` keeps the call ids unique across windows.
 */
export function toolWindow(window: number, tag: string): Message[] {
  const messages: Message[] = [user(prose(3_000_000 + window, 220))];
  for (let call = 0; call < 24; call += 1) {
    const callId = `call_${tag}_window${window}_${call}`;
    messages.push(assistant([toolCall(callId, 'lookup', { query: prose(window * 100 + call, 40) })]));
    messages.push(toolResult(callId, 'lookup', prose(window * 100 + call + 50, 420)));
  }
  messages.push(assistant(prose(4_000_000 + window, 600)));
  return messages;
}
