import type { UIMessage as AiUIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { codeOf, storeFixture } from '../store/store-fixture.js';
import { saveUIMessages, toUIMessages } from '../../src/ai-sdk/index.js';

const fixture = storeFixture();

const question: AiUIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Weather in Oslo?' }] };
const lookup: AiUIMessage = {
  id: 'a1', role: 'assistant', parts: [
    { type: 'step-start' },
    { type: 'tool-weather', toolCallId: 'c1', state: 'output-available', input: { city: 'Oslo' }, output: { celsius: 12 } },
  ],
};
const answered: AiUIMessage = { ...lookup, parts: [...lookup.parts, { type: 'step-start' }, { type: 'text', text: '12°C.', state: 'done' }] };

async function conversation() {
  const store = await fixture.open();
  const { id } = await store.createConversation();
  return { store, id };
}

describe('saveUIMessages', () => {
  it('appends what is new and nothing twice', async () => {
    const { store, id } = await conversation();
    expect((await saveUIMessages(store, id, [question])).appended).toHaveLength(1);
    expect((await saveUIMessages(store, id, [question, answered])).appended).toHaveLength(3);
    expect((await saveUIMessages(store, id, [question, answered])).appended).toEqual([]);
    expect(toUIMessages(await store.entries(id))).toEqual([question, answered]);
  });

  it('does not store an assistant message still streaming or waiting on a tool, then stores it whole', async () => {
    const { store, id } = await conversation();
    const streaming: AiUIMessage = { id: 'a1', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'text', text: '12', state: 'streaming' }] };
    const waiting: AiUIMessage = { id: 'a1', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'tool-weather', toolCallId: 'c1', state: 'input-available', input: {} }] };
    await saveUIMessages(store, id, [question, streaming]);
    await saveUIMessages(store, id, [question, waiting]);
    expect(toUIMessages(await store.entries(id))).toEqual([question]);
    await saveUIMessages(store, id, [question, answered]);
    expect(toUIMessages(await store.entries(id))).toEqual([question, answered]);
  });

  it('appends the new steps of an assistant message that went on after it was stored', async () => {
    const { store, id } = await conversation();
    await saveUIMessages(store, id, [question, lookup]);
    const { appended } = await saveUIMessages(store, id, [question, answered]);
    expect(appended.map((entry) => entry.message.role)).toEqual(['assistant']);
    expect(toUIMessages(await store.entries(id))).toEqual([question, answered]);
  });

  it('settles a pending call of an earlier message so the log stays sendable', async () => {
    const { store, id } = await conversation();
    const abandoned: AiUIMessage = { id: 'a0', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'tool-weather', toolCallId: 'c0', state: 'input-available', input: {} }] };
    await saveUIMessages(store, id, [question, abandoned, { ...question, id: 'u2' }]);
    expect((await store.context(id)).map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'user']);
  });

  it('matches messages loaded from the store without ids of their own', async () => {
    const { store, id } = await conversation();
    await store.append(id, [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] }]);
    const loaded = toUIMessages<AiUIMessage>(await store.entries(id));
    const { appended } = await saveUIMessages(store, id, [...loaded, question]);
    expect(appended).toHaveLength(1);
  });

  it('throws conflict when the chat diverged from the stored log, and not_found for an unknown conversation', async () => {
    const { store, id } = await conversation();
    await saveUIMessages(store, id, [question, answered]);
    expect(await codeOf(saveUIMessages(store, id, [question, { ...answered, id: 'a2' }]))).toBe('conflict');
    expect(await codeOf(saveUIMessages(store, 'nope', [question]))).toBe('not_found');
  });

  it('two tabs saving the same chat at once store it once', async () => {
    const { store, id } = await conversation();
    const other = await fixture.open({ name: store.name });
    await Promise.all([saveUIMessages(store, id, [question, answered]), saveUIMessages(other, id, [question, answered])]);
    expect(toUIMessages(await store.entries(id))).toEqual([question, answered]);
  });
});
