// Our OpenAIResponsesStreamAccumulator against the `openai` package's own ResponseStream on random
// streams: fed the same events (as NDJSON through ResponseStream.fromReadableStream), the SDK's
// final response read by fromOpenAIResponse gives the message our accumulator gives. Streams cut
// at max_output_tokens (`response.incomplete` without `output`) make the SDK assemble the items
// from their deltas, which checks our delta assembly against its.
import fc from 'fast-check';
import { ResponseStream } from 'openai/lib/responses/ResponseStream';
import { describe, expect, it } from 'vitest';
import { fromOpenAIResponse } from '../../../src/adapters/openai/from-openai-response.js';
import { OpenAIResponsesStreamAccumulator } from '../../../src/adapters/openai/openai-responses-stream-accumulator.js';
import type { OpenAIResponsesStreamEvent } from '../../../src/adapters/openai/openai-responses-types.js';
import type { AssistantBlock } from '../../../src/core/message.js';
import { cuts, fed, ndjsonStream, pieces } from '../helpers.js';

const RUNS = 150;
type Event = Record<string, unknown>;

const text = fc.string({ maxLength: 24 });

const itemSpec = fc.oneof(
  fc.record({ kind: fc.constant('message' as const), parts: fc.array(fc.record({ refusal: fc.boolean(), text, cuts }), { minLength: 1, maxLength: 2 }) }),
  fc.record({ kind: fc.constant('reasoning' as const), summaries: fc.array(fc.record({ text: text.filter((value) => value !== ''), cuts }), { maxLength: 2 }) }),
  fc.record({ kind: fc.constant('function_call' as const), name: fc.constantFrom('get_weather', 'search'), args: fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }), cuts }),
  fc.record({ kind: fc.constant('web_search_call' as const), query: text }),
);
type ItemSpec = typeof itemSpec extends fc.Arbitrary<infer Value> ? Value : never;

/** The events of one item (the last one is its output_item.done), and the finished item. */
function itemEvents(spec: ItemSpec, index: number): Event[] {
  const at = { output_index: index };
  switch (spec.kind) {
    case 'message': {
      const id = `msg_${index}`;
      const content = spec.parts.map((part) => (part.refusal ? { type: 'refusal', refusal: part.text } : { type: 'output_text', text: part.text, annotations: [] }));
      const events: Event[] = [{ type: 'response.output_item.added', ...at, item: { type: 'message', id, status: 'in_progress', role: 'assistant', content: [] } }];
      spec.parts.forEach((part, contentIndex) => {
        const where = { ...at, item_id: id, content_index: contentIndex };
        events.push({ type: 'response.content_part.added', ...where, part: part.refusal ? { type: 'refusal', refusal: '' } : { type: 'output_text', text: '', annotations: [] } });
        for (const delta of pieces(part.text, part.cuts)) events.push({ type: part.refusal ? 'response.refusal.delta' : 'response.output_text.delta', ...where, delta, ...(part.refusal ? {} : { logprobs: [] }) });
        events.push(part.refusal ? { type: 'response.refusal.done', ...where, refusal: part.text } : { type: 'response.output_text.done', ...where, text: part.text, logprobs: [] });
        events.push({ type: 'response.content_part.done', ...where, part: content[contentIndex] });
      });
      events.push({ type: 'response.output_item.done', ...at, item: { type: 'message', id, status: 'completed', role: 'assistant', content } });
      return events;
    }
    case 'reasoning': {
      const id = `rs_${index}`;
      const events: Event[] = [{ type: 'response.output_item.added', ...at, item: { type: 'reasoning', id, summary: [] } }];
      spec.summaries.forEach((summary, summaryIndex) => {
        const where = { ...at, item_id: id, summary_index: summaryIndex };
        events.push({ type: 'response.reasoning_summary_part.added', ...where, part: { type: 'summary_text', text: '' } });
        for (const delta of pieces(summary.text, summary.cuts)) events.push({ type: 'response.reasoning_summary_text.delta', ...where, delta });
        events.push({ type: 'response.reasoning_summary_text.done', ...where, text: summary.text });
        events.push({ type: 'response.reasoning_summary_part.done', ...where, part: { type: 'summary_text', text: summary.text } });
      });
      const summary = spec.summaries.map((part) => ({ type: 'summary_text', text: part.text }));
      events.push({ type: 'response.output_item.done', ...at, item: { type: 'reasoning', id, summary, encrypted_content: `enc_${index}` } });
      return events;
    }
    case 'function_call': {
      const call = { type: 'function_call', id: `fc_${index}`, call_id: `call_${index}`, name: spec.name };
      const argumentsText = JSON.stringify(spec.args);
      return [
        { type: 'response.output_item.added', ...at, item: { ...call, arguments: '', status: 'in_progress' } },
        ...pieces(argumentsText, spec.cuts).map((delta) => ({ type: 'response.function_call_arguments.delta', ...at, item_id: call.id, delta })),
        { type: 'response.function_call_arguments.done', ...at, item_id: call.id, arguments: argumentsText },
        { type: 'response.output_item.done', ...at, item: { ...call, arguments: argumentsText, status: 'completed' } },
      ];
    }
    case 'web_search_call': {
      const id = `ws_${index}`;
      return [
        { type: 'response.output_item.added', ...at, item: { type: 'web_search_call', id, status: 'in_progress' } },
        { type: 'response.output_item.done', ...at, item: { type: 'web_search_call', id, status: 'completed', action: { type: 'search', query: spec.query } } },
      ];
    }
  }
}

const base = { id: 'resp_random', object: 'response', created_at: 1, model: 'gpt-5', error: null, incomplete_details: null };
const usage = { input_tokens: 5, input_tokens_details: { cached_tokens: 1 }, output_tokens: 7, output_tokens_details: { reasoning_tokens: 3 }, total_tokens: 12 };

/** A whole stream; the terminal response has no `output`, so the SDK builds it from the events. */
function completeStream(specs: ItemSpec[]): Event[] {
  return numbered([
    { type: 'response.created', response: { ...base, status: 'in_progress', output: [] } },
    ...specs.flatMap(itemEvents),
    { type: 'response.completed', response: { ...base, status: 'completed', usage } },
  ]);
}

/** A stream cut inside its last item (a message or reasoning item), ended by `response.incomplete`. */
function incompleteStream(specs: ItemSpec[], cut: number): Event[] {
  const whole = specs.slice(0, -1).flatMap(itemEvents);
  const last = itemEvents(specs.at(-1)!, specs.length - 1).slice(0, -1);
  const kept = last.slice(0, 1 + (cut % last.length));
  return numbered([
    { type: 'response.created', response: { ...base, status: 'in_progress', output: [] } },
    ...whole, ...kept,
    { type: 'response.incomplete', response: { ...base, status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, usage } },
  ]);
}

function numbered(events: Event[]): Event[] {
  return events.map((event, index) => ({ ...event, sequence_number: index }));
}

/** What the SDK's ResponseStream assembles from the events. */
async function sdkResponse(events: Event[]): Promise<unknown> {
  const stream = ResponseStream.fromReadableStream(ndjsonStream(events));
  return stream.finalResponse();
}

function ours(events: Event[]): OpenAIResponsesStreamAccumulator {
  return fed(new OpenAIResponsesStreamAccumulator(), events as OpenAIResponsesStreamEvent[]);
}

/** What the user sees of a block: its kind and text, or the call. */
function visible(block: AssistantBlock): unknown {
  switch (block.type) {
    case 'text':
    case 'reasoning':
    case 'refusal':
      return [block.type, block.text];
    case 'tool_call':
      return [block.type, block.id, block.name, block.arguments];
    case 'other':
      return [block.type, block.typeName];
    default:
      return [block.type];
  }
}

describe('OpenAIResponsesStreamAccumulator agrees with the openai package\'s ResponseStream (property)', { timeout: 120_000 }, () => {
  it('on complete random streams: the same message and envelope as fromOpenAIResponse of the SDK\'s final response', async () => {
    await fc.assert(fc.asyncProperty(fc.array(itemSpec, { minLength: 1, maxLength: 5 }), async (specs) => {
      const events = completeStream(specs);
      const expected = fromOpenAIResponse(await sdkResponse(events));
      const { message, envelope } = ours(events).finish();
      expect(message).toStrictEqual(expected.message);
      expect(envelope).toStrictEqual(expected.envelope);
    }), { numRuns: RUNS });
  });

  it('on streams cut at max_output_tokens: the same text, reasoning and refusals, assembled from the deltas', async () => {
    const partial = fc.tuple(
      fc.array(itemSpec.filter((spec) => spec.kind !== 'function_call'), { minLength: 1, maxLength: 4 }),
      fc.oneof(
        itemSpec.filter((spec) => spec.kind === 'message'),
        itemSpec.filter((spec) => spec.kind === 'reasoning'),
      ),
      fc.nat(),
    );
    await fc.assert(fc.asyncProperty(partial, async ([specs, last, cut]) => {
      const events = incompleteStream([...specs, last], cut);
      const expected = fromOpenAIResponse(await sdkResponse(events));
      const { message, envelope } = ours(events).finish();
      // Unfinished items differ only in replay state, which the SDK's snapshot keeps and we do not.
      expect(message.content.map(visible)).toStrictEqual(expected.message.content.map(visible));
      expect(envelope).toStrictEqual(expected.envelope);
    }), { numRuns: RUNS });
  });
});
