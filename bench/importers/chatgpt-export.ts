// A deterministic ChatGPT conversations.json for the importer benchmarks: conversations of
// user/assistant turns, each turn's answer with reasoning and a recap node, every tenth turn
// running python (code + execution_output nodes), one regenerated answer per conversation, the
// hidden system node and the empty root, UNIX-second times. Shapes as in real exports.
import { seededRandom } from '../core/seeded-random.js';

type Json = Record<string, unknown>;

const WORDS = ['the', 'train', 'leaves', 'Oslo', 'at', 'nine', 'and', 'reaches', 'Bergen', 'by', 'evening', 'through', 'mountains', 'snow', 'fjords', 'café', 'ticket', 'window', 'seat'];

function sentence(random: () => number, words: number): string {
  return Array.from({ length: words }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
}

function node(id: string, parent: string | null, message: Json | null): Json {
  return { id, message, parent, children: [] };
}

function message(id: string, role: string, content: Json, time: number, extra: Json = {}): Json {
  return {
    id, author: { role, name: extra.name ?? null, metadata: {} }, create_time: time, update_time: null, content,
    status: 'finished_successfully', end_turn: role === 'assistant' ? true : null, weight: 1,
    metadata: extra.metadata ?? { model_slug: 'gpt-4o', request_id: 'r', timestamp_: 'absolute' }, recipient: extra.recipient ?? 'all', channel: null,
  };
}

/**
 * `conversations` conversations of `messagesPerConversation` visible messages each (user and
 * assistant in turn; the regenerated answer and tool nodes come on top).
 */
export function generateChatGPTExport(conversations: number, messagesPerConversation: number, seed = 14): Json[] {
  const random = seededRandom(seed);
  return Array.from({ length: conversations }, (_unused, index) => {
    const start = 1_700_000_000 + index * 3600;
    const mapping: Json = {};
    const add = (id: string, parent: string | null, body: Json | null): void => {
      mapping[id] = node(id, parent, body);
      if (parent !== null) ((mapping[parent] as Json).children as string[]).push(id);
    };
    add(`c${index}-root`, null, null);
    add(`c${index}-system`, `c${index}-root`, message(`c${index}-system`, 'system', { content_type: 'text', parts: [''] }, start,
      { metadata: { is_visually_hidden_from_conversation: true } }));
    let parent = `c${index}-system`;
    let time = start;
    for (let turn = 0; turn < messagesPerConversation / 2; turn++) {
      const user = `c${index}-t${turn}-u`;
      add(user, parent, message(user, 'user', { content_type: 'text', parts: [sentence(random, 12)] }, time += 1.5));
      let last = user;
      if (turn % 10 === 5) {
        add(`${user}-code`, last, message(`${user}-code`, 'assistant', { content_type: 'code', language: 'unknown', text: `print(${turn} * 2)` }, time += 1, { recipient: 'python' }));
        add(`${user}-out`, `${user}-code`, message(`${user}-out`, 'tool', { content_type: 'execution_output', text: String(turn * 2) }, time += 1, { name: 'python' }));
        last = `${user}-out`;
      }
      add(`${user}-think`, last, message(`${user}-think`, 'assistant', { content_type: 'thoughts', thoughts: [{ summary: 'Planning', content: sentence(random, 20), chunks: [], finished: true }] }, time += 1));
      add(`${user}-recap`, `${user}-think`, message(`${user}-recap`, 'assistant', { content_type: 'reasoning_recap', content: 'Thought for 3 seconds' }, time += 0.5));
      const answer = `c${index}-t${turn}-a`;
      add(answer, `${user}-recap`, message(answer, 'assistant', { content_type: 'text', parts: [sentence(random, 60)] }, time += 2));
      if (turn === 0) add(`${answer}-regenerated`, user, message(`${answer}-regenerated`, 'assistant', { content_type: 'text', parts: [sentence(random, 40)] }, time += 2));
      parent = answer;
    }
    return {
      title: `Trip ${index}: ${sentence(random, 3)}`, create_time: start, update_time: time, mapping, moderation_results: [],
      current_node: parent, plugin_ids: null, conversation_id: `bench-${index}`, conversation_template_id: null,
      gizmo_id: null, is_archived: false, safe_urls: [], default_model_slug: 'gpt-4o', id: `bench-${index}`,
    };
  });
}
