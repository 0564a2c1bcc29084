import { describe, expect, it } from 'vitest';
import { fromOpenAIResponse } from '../../../src/adapters/openai/from-openai-response.js';
import { OpenAIResponsesStreamAccumulator } from '../../../src/adapters/openai/openai-responses-stream-accumulator.js';
import type { OpenAIResponsesStreamEvent } from '../../../src/adapters/openai/openai-responses-types.js';
import { isConvologError } from '../../../src/core/error.js';
import { fed, fixture } from '../helpers.js';
import { thrownBy } from '../../support/thrown-by.js';

type Events = OpenAIResponsesStreamEvent[];
interface StreamFixture {
  streams: { complete: Events; incomplete: Events; failed: Events; error: Events };
  message: unknown;
  envelope: unknown;
  incompleteMessage: unknown;
}

const golden = (): StreamFixture => fixture<StreamFixture>('openai-responses', 'stream-every-event');
const accumulate = (events: Events): OpenAIResponsesStreamAccumulator => fed(new OpenAIResponsesStreamAccumulator(), events);
const completedEvent = (output: unknown[] = []): OpenAIResponsesStreamEvent => ({ type: 'response.completed', response: { id: 'resp_1', status: 'completed', output: output as never } });

describe('OpenAIResponsesStreamAccumulator', () => {
  it('assembles a stream of every event type to the message and envelope in the fixture', () => {
    const stream = golden();
    const { message, envelope, warnings } = accumulate(stream.streams.complete).finish();
    expect(message).toStrictEqual(stream.message);
    expect(envelope).toStrictEqual(stream.envelope);
    expect(warnings).toStrictEqual([]);
  });

  it('gives the same message as fromOpenAIResponse of the completed response', () => {
    const stream = golden();
    const completed = stream.streams.complete.at(-1) as { response: unknown };
    expect(accumulate(stream.streams.complete).finish().message).toStrictEqual(fromOpenAIResponse(completed.response).message);
  });

  it('shows text, reasoning and partial calls while streaming, without replay state before an item is done', () => {
    const events = golden().streams.complete;
    const accumulator = new OpenAIResponsesStreamAccumulator();
    const reasoningDone = events.findIndex((event) => event.type === 'response.output_item.done');
    for (const event of events.slice(0, reasoningDone)) accumulator.push(event);
    expect(accumulator.snapshot().content).toStrictEqual([{ type: 'reasoning', text: '**Plan**\n\nSearch first.\n\nThen call the tool.' }]);
    const textDelta = events.findIndex((event) => event.type === 'response.output_text.done');
    for (const event of events.slice(reasoningDone, textDelta)) accumulator.push(event);
    expect(accumulator.text).toBe('Looking it up.');
    const lastArguments = events.findIndex((event) => event.type === 'response.function_call_arguments.done');
    for (const event of events.slice(textDelta, lastArguments)) accumulator.push(event);
    expect(accumulator.snapshot().content.at(-1)).toStrictEqual({ type: 'tool_call', id: 'call_stream_1', name: 'get_weather', arguments: '{"city":"Paris","days":2}' });
  });

  it('finishes a stream cut at max_output_tokens (response.incomplete) with finish reason `length`', () => {
    const stream = golden();
    const { message, envelope } = accumulate(stream.streams.incomplete).finish();
    expect(message).toStrictEqual(stream.incompleteMessage);
    expect(envelope.finishReason).toBe('length');
    expect(envelope.finishReasonRaw).toBe('max_output_tokens');
  });

  it('refuses response.failed and an error event with `incomplete_stream` naming the error; Stop keeps the text', () => {
    const stream = golden();
    const failed = thrownBy(() => accumulate(stream.streams.failed).finish());
    expect(isConvologError(failed, 'incomplete_stream')).toBe(true);
    expect((failed as Error).message).toContain('The response failed: server_error: The server had an error');
    const stopped = accumulate(stream.streams.failed).finish({ allowIncomplete: true });
    // The message never finished: its text is kept without the item id, which names no whole item.
    expect(stopped.message.content).toStrictEqual([{ type: 'text', text: 'Partial' }]);
    expect(stopped.envelope.finishReason).toBe('aborted');

    const errored = thrownBy(() => accumulate(stream.streams.error).finish());
    expect(isConvologError(errored, 'incomplete_stream')).toBe(true);
    expect((errored as Error).message).toContain('rate_limit_exceeded: Rate limit reached');
  });

  it('refuses a stream that ended before response.completed, and Stop drops every call and unfinished reasoning state', () => {
    const events = golden().streams.complete;
    const cut = events.slice(0, events.findIndex((event) => event.type === 'response.function_call_arguments.done'));
    const thrown = thrownBy(() => accumulate(cut).finish());
    expect(isConvologError(thrown, 'incomplete_stream')).toBe(true);
    expect((thrown as Error).message).toContain('`response.completed` event');
    const { message, warnings } = accumulate(cut).finish({ allowIncomplete: true });
    expect(message.content.map((block) => block.type)).toStrictEqual(['reasoning', 'text', 'refusal']);
    expect(warnings.map((warning) => warning.blockIndex)).toStrictEqual([1, 4]);
  });

  it('refuses a function call without call_id, and arguments that never parse, even after response.completed', () => {
    const added = (item: { type: string; [field: string]: unknown }): OpenAIResponsesStreamEvent => ({ type: 'response.output_item.added', output_index: 0, item });
    const done = (item: { type: string; [field: string]: unknown }): OpenAIResponsesStreamEvent => ({ type: 'response.output_item.done', output_index: 0, item });
    const noCallId = { type: 'function_call', id: 'fc_1', name: 'f', arguments: '{}', status: 'completed' };
    const missing = thrownBy(() => accumulate([added(noCallId), done(noCallId), completedEvent()]).finish());
    expect(isConvologError(missing, 'incomplete_stream')).toBe(true);
    expect((missing as Error).message).toContain('no call_id');

    const broken = { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'f', arguments: '{"a":', status: 'completed' };
    const unparsed = thrownBy(() => accumulate([added(broken), done(broken), completedEvent()]).finish());
    expect(isConvologError(unparsed, 'incomplete_stream')).toBe(true);
    expect((unparsed as Error).message).toContain('not valid JSON');

    const neverDone = thrownBy(() => accumulate([added({ ...broken, arguments: '{}' }), completedEvent()]).finish());
    expect(isConvologError(neverDone, 'incomplete_stream')).toBe(true);
    expect((neverDone as Error).message).toContain('was done');
  });

  it('refuses an output_index gap with `incomplete_stream` naming the missing item', () => {
    const gap = thrownBy(() => accumulate([
      { type: 'response.output_item.added', output_index: 1, item: { type: 'message', id: 'msg_1', status: 'in_progress', role: 'assistant', content: [] } },
      completedEvent(),
    ]).finish());
    expect(isConvologError(gap, 'incomplete_stream')).toBe(true);
    expect((gap as Error).message).toContain('item 1 arrived after 0 item(s)');
    expect((gap as { details: { reason: string } }).details.reason).toBe('malformed_stream');
  });

  it('ignores events it does not know, and deltas for items that were never opened', () => {
    const { message } = accumulate([
      { type: 'response.queued' },
      { type: 'response.output_text.delta', output_index: 5, content_index: 0, delta: 'lost' },
      { type: 'response.output_item.added', output_index: 0, item: { type: 'message', id: 'msg_1', status: 'in_progress', role: 'assistant', content: [] } },
      { type: 'response.output_text.delta', output_index: 0, content_index: 0, delta: 'Hi' },
      completedEvent(),
    ]).finish();
    expect(message.content).toStrictEqual([{ type: 'text', text: 'Hi', providerData: { openai: { id: 'msg_1', status: 'in_progress' } } }]);
  });
});
