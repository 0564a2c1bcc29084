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

  it('stores a regenerated answer as a new branch after the shared question, and moves the head there', async () => {
    const { store, id } = await conversation();
    await saveUIMessages(store, id, [question, answered]);
    const regenerated: AiUIMessage = { id: 'a2', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'text', text: 'Around 12°C.' }] };
    const { appended } = await saveUIMessages(store, id, [question, regenerated]);
    const [questionEntry] = await store.entries(id);
    expect(appended.map((entry) => entry.parentId)).toEqual([questionEntry!.id]);
    expect(toUIMessages(await store.entries(id))).toEqual([question, regenerated]);
    expect(await store.forks(id)).toEqual([{ parentId: questionEntry!.id, childIds: [expect.any(String), appended[0]!.id] }]);
    // Both versions are stored: saving either again writes nothing.
    expect((await saveUIMessages(store, id, [question, answered])).appended).toEqual([]);
    expect((await saveUIMessages(store, id, [question, regenerated])).appended).toEqual([]);
  });

  it('stores an edited first message as a new root, and extends the branch a chat is on even when it is not the head', async () => {
    const { store, id } = await conversation();
    await saveUIMessages(store, id, [question, answered]);
    const edited: AiUIMessage = { id: 'u9', role: 'user', parts: [{ type: 'text', text: 'Weather in Bergen?' }] };
    const [root] = (await saveUIMessages(store, id, [edited])).appended;
    expect(root!.parentId).toBeNull();
    const followUp: AiUIMessage = { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'And tomorrow?' }] };
    const [next] = (await saveUIMessages(store, id, [question, answered, followUp])).appended;
    expect(toUIMessages(await store.entries(id, { leafId: next!.id }))).toEqual([question, answered, followUp]);
    expect((await store.getConversation(id))!.headId).toBe(next!.id);
  });

  it('throws not_found for an unknown conversation', async () => {
    const { store } = await conversation();
    expect(await codeOf(saveUIMessages(store, 'nope', [question]))).toBe('not_found');
  });

  it('two tabs saving the same chat at once store it once', async () => {
    const { store, id } = await conversation();
    const other = await fixture.open({ name: store.name });
    await Promise.all([saveUIMessages(store, id, [question, answered]), saveUIMessages(other, id, [question, answered])]);
    expect(toUIMessages(await store.entries(id))).toEqual([question, answered]);
  });
});
