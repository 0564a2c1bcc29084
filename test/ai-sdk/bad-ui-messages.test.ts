// Issue 29, item 8: every shape useChat's messages can be handed over in wrong is refused with an
// invalid_message that names the place (`path`) and says what to do, by fromUIMessages and by
// saveUIMessages, which then writes nothing. Part types convolog does not know stay accepted.
import type { UIMessage as AiUIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { fromUIMessages, saveUIMessages, toUIMessages } from '../../src/ai-sdk/index.js';
import { storeFixture } from '../store/store-fixture.js';
import { convologErrorThrownBy } from '../support/thrown-by.js';

const fixture = storeFixture();

const question: AiUIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Weather in Oslo?' }] };
const asked = (parts: unknown): unknown[] => [question, { id: 'a1', role: 'assistant', parts }];
const tool = (fields: Record<string, unknown>) => asked([{ type: 'step-start' }, { type: 'tool-weather', toolCallId: 'c1', state: 'output-available', input: {}, output: 1, ...fields }]);

/** What goes in, and the path of the problem the error must name. */
const cases: [name: string, ui: unknown, path: (string | number)[]][] = [
  ['not an array', { id: 'x', role: 'user', parts: [] }, []],
  ['a string for a message', ['hi'], [0]],
  ['null for a message', [question, null], [1]],
  ['an array for a message', [[question]], [0]],
  ['no id', [{ role: 'user', parts: [] }], [0, 'id']],
  ['an empty id', [question, { id: '', role: 'assistant', parts: [] }], [1, 'id']],
  ['no role', [{ id: 'x', parts: [] }], [0, 'role']],
  ['an unknown role', [question, { id: 'x', role: 'bot', parts: [] }], [1, 'role']],
  ['parts a string', [{ id: 'x', role: 'user', parts: 'hi' }], [0, 'parts']],
  ['no parts', [question, { id: 'a1', role: 'assistant' }], [1, 'parts']],
  ['a part that is a string', asked(['hi']), [1, 'parts', 0]],
  ['a part without type', asked([{ text: 'hi' }]), [1, 'parts', 0, 'type']],
  ['a text part whose text is a number', asked([{ type: 'text', text: 42 }]), [1, 'parts', 0, 'text']],
  ['a reasoning part without text', asked([{ type: 'reasoning' }]), [1, 'parts', 0, 'text']],
  ['a text part in an unknown state', asked([{ type: 'text', text: 'x', state: 'typing' }]), [1, 'parts', 0, 'state']],
  ['a tool part in an unknown state', tool({ state: 'running' }), [1, 'parts', 1, 'state']],
  ['a tool part without state', tool({ state: undefined }), [1, 'parts', 1, 'state']],
  ['a tool part without toolCallId', tool({ toolCallId: undefined }), [1, 'parts', 1, 'toolCallId']],
  ['a dynamic tool without toolName', asked([{ type: 'dynamic-tool', toolCallId: 'c1', state: 'output-available', input: {}, output: 1 }]), [1, 'parts', 0, 'toolName']],
  ['an output-error without errorText', tool({ state: 'output-error', output: undefined }), [1, 'parts', 1, 'errorText']],
  ['a tool output that is not JSON', tool({ output: { celsius: Number.NaN } }), [1, 'parts', 1, 'output', 'celsius']],
  ['a file part whose url is a number', [{ id: 'x', role: 'user', parts: [{ type: 'file', mediaType: 'image/png', url: 42 }] }], [0, 'parts', 0, 'url']],
  ['a file part without mediaType', [{ id: 'x', role: 'user', parts: [{ type: 'file', url: 'https://x/a.png' }] }], [0, 'parts', 0, 'mediaType']],
  ['a file part with an empty url', [{ id: 'x', role: 'user', parts: [{ type: 'file', mediaType: 'image/png', url: '' }] }], [0, 'parts', 0, 'url']],
  ['metadata that is a Date', [{ ...question, metadata: new Date(0) }], [0, 'metadata']],
  ['metadata holding a function', [{ ...question, metadata: { at: 1, format: () => '' } }], [0, 'metadata', 'format']],
  ['a data part holding a Map', asked([{ type: 'data-weather', data: new Map() }]), [1, 'parts', 0, 'data']],
];

describe('UIMessages that are not what useChat holds', () => {
  it.each(cases)('fromUIMessages refuses %s, naming where and what to do', (_name, ui, path) => {
    const error = convologErrorThrownBy(() => fromUIMessages(ui as never));
    expect(error.code).toBe('invalid_message');
    expect(error.path).toEqual(path);
    expect(error.message).toMatch(/^fromUIMessages: /);
    if (path.length > 0) expect(error.message).toContain(`UIMessages${typeof path[0] === 'number' ? `[${path[0]}]` : ''}`);
    expect(error.message).toMatch(/Nothing was converted or stored/);
  });

  it.each(cases)('saveUIMessages refuses %s and writes nothing', async (_name, ui, path) => {
    const store = await fixture.open();
    const { id } = await store.createConversation();
    await saveUIMessages(store, id, [{ id: 'u0', role: 'user', parts: [{ type: 'text', text: 'Before.' }] }]);
    const before = await store.getConversation(id);
    const save = saveUIMessages(store, id, ui as never);
    await expect(save).rejects.toMatchObject({ name: 'ConvologError', code: 'invalid_message', path });
    expect(await store.getConversation(id)).toEqual(before);
    expect(await store.entries(id, { allBranches: true })).toHaveLength(1);
  });

  it('the message names the place as users write it: UIMessages[0].parts', () => {
    expect(convologErrorThrownBy(() => fromUIMessages([{ id: 'x', role: 'user', parts: 'hi' }] as never)).message)
      .toBe('fromUIMessages: UIMessages[0].parts must be an array of parts, got "hi". Nothing was converted or stored; pass useChat\'s messages as they are, or fix this one.');
  });

  it('keeps a part type it does not know verbatim, without a warning: nothing is lost', () => {
    const future = { type: 'future-part', payload: { a: [1, 'two', null] } };
    const ui = [question, { id: 'a1', role: 'assistant', parts: [{ type: 'step-start' }, future, { type: 'text', text: 'Sunny.' }] }];
    const { messages, warnings } = fromUIMessages(ui as never);
    expect(warnings).toEqual([]);
    expect(toUIMessages(messages)).toEqual(ui);
  });
});
