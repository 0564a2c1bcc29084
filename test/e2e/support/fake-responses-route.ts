// The Responses API side of the fake OpenAI-compatible server (`POST /v1/responses`): streams
// the events of the streaming reference, with a reasoning item (and its encrypted content)
// before a get_weather function call when asked about weather, so a test can check that the
// demo sends the reasoning back in place on the next, stateless request.
import type { ServerResponse } from 'node:http';

/** A Responses API request body, as far as the tests read it. */
export interface ResponsesRequestBody {
  model?: string;
  stream?: boolean;
  store?: boolean;
  include?: string[];
  instructions?: string;
  tools?: unknown[];
  input: string | { type?: string; role?: string; content?: unknown; call_id?: string; id?: string; output?: unknown; encrypted_content?: string }[];
}

/** The encrypted reasoning the fake sends with a weather call, to be sent back with the next request. */
export const FAKE_ENCRYPTED_REASONING = 'gAAAAAB-fake-encrypted-reasoning';

/** Answers one Responses API request. `count` makes ids unique per request. */
export async function answerResponses(
  body: ResponsesRequestBody, response: ServerResponse, headers: Record<string, string>, count: number,
): Promise<void> {
  const input = typeof body.input === 'string' ? [{ type: 'message', role: 'user', content: body.input }] : body.input;
  const last = input.at(-1);
  const lastText = last?.type === 'function_call_output' ? String(last.output) : typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
  const responseId = `resp_fake_${count}`;
  const base = { id: responseId, object: 'response', model: body.model, output: [], error: null, incomplete_details: null };
  if (body.stream !== true) {
    response.writeHead(200, { ...headers, 'content-type': 'application/json' });
    response.end(JSON.stringify({
      ...base, status: 'completed',
      output: [{ type: 'message', id: `msg_fake_${count}`, status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Summary written by the endpoint model.', annotations: [] }] }],
    }));
    return;
  }
  response.writeHead(200, { ...headers, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  let sequence = 0;
  const send = async (event: Record<string, unknown>): Promise<void> => {
    response.write(`event: ${String(event.type)}\ndata: ${JSON.stringify({ ...event, sequence_number: sequence++ })}\n\n`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  };
  const output: Record<string, unknown>[] = [];
  await send({ type: 'response.created', response: { ...base, status: 'in_progress' } });
  if (last?.role === 'user' && /weather/i.test(lastText)) {
    const reasoning = { type: 'reasoning', id: `rs_fake_${count}`, summary: [{ type: 'summary_text', text: 'Use the weather tool.' }], encrypted_content: FAKE_ENCRYPTED_REASONING };
    await send({ type: 'response.output_item.added', output_index: 0, item: { type: 'reasoning', id: reasoning.id, summary: [] } });
    await send({ type: 'response.reasoning_summary_text.delta', item_id: reasoning.id, output_index: 0, summary_index: 0, delta: 'Use the weather tool.' });
    await send({ type: 'response.output_item.done', output_index: 0, item: reasoning });
    const call = { type: 'function_call', id: `fc_fake_${count}`, call_id: `call_fake_${count}`, name: 'get_weather', arguments: '{"city": "Bergen"}', status: 'completed' };
    await send({ type: 'response.output_item.added', output_index: 1, item: { ...call, arguments: '', status: 'in_progress' } });
    for (const part of ['{"ci', 'ty": "Ber', 'gen"}']) await send({ type: 'response.function_call_arguments.delta', item_id: call.id, output_index: 1, delta: part });
    await send({ type: 'response.output_item.done', output_index: 1, item: call });
    output.push(reasoning, call);
  } else {
    const text = last?.type === 'function_call_output' ? `The tool said: ${lastText}` : `Echo from the Responses endpoint: ${lastText}`;
    const id = `msg_fake_${count}`;
    await send({ type: 'response.output_item.added', output_index: 0, item: { type: 'message', id, status: 'in_progress', role: 'assistant', content: [] } });
    await send({ type: 'response.content_part.added', item_id: id, output_index: 0, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } });
    for (const word of text.match(/\S+\s*/g) ?? []) await send({ type: 'response.output_text.delta', item_id: id, output_index: 0, content_index: 0, delta: word });
    const message = { type: 'message', id, status: 'completed', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] };
    await send({ type: 'response.output_item.done', output_index: 0, item: message });
    output.push(message);
  }
  await send({
    type: 'response.completed',
    response: { ...base, status: 'completed', output, usage: { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 2 }, total_tokens: 15 } },
  });
  response.end();
}
