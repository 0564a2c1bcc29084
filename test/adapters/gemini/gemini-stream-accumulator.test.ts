import { describe, expect, it } from 'vitest';
import { GeminiStreamAccumulator } from '../../../src/adapters/gemini/gemini-stream-accumulator.js';
import type { GeminiResponse } from '../../../src/adapters/gemini/gemini-types.js';
import { isConvologError } from '../../../src/core/error.js';
import { fed, fixture, withGeneratedIds } from '../helpers.js';
import { warningKeys } from '../../support/warning-keys.js';
import { deepFreeze } from '../../support/deep-freeze.js';
import { thrownBy } from '../../support/thrown-by.js';

interface StreamFixture { chunks: GeminiResponse[]; text: string; message: unknown; envelope: unknown }

const feed = (chunks: readonly GeminiResponse[]): GeminiStreamAccumulator => fed(new GeminiStreamAccumulator(), chunks);

describe('GeminiStreamAccumulator', () => {
  it.each(['stream-thoughts-function-calls', 'stream-signature-last'])('assembles %s into the message and envelope in the fixture', (name) => {
    const golden = fixture<StreamFixture>('gemini', name);
    const accumulator = feed(deepFreeze(golden.chunks));
    expect(accumulator.text).toBe(golden.text);
    const { message, envelope, warnings } = accumulator.finish();
    expect(withGeneratedIds(message)).toStrictEqual(golden.message);
    expect(envelope).toStrictEqual(golden.envelope);
    expect(warnings).toStrictEqual([]);
  });

  it('shows the partial turn while streaming', () => {
    const golden = fixture<StreamFixture>('gemini', 'stream-thoughts-function-calls');
    const accumulator = feed(golden.chunks.slice(0, 2));
    expect(accumulator.text).toBe('Let me look ');
    expect(accumulator.snapshot().content.map((block) => block.type)).toStrictEqual(['reasoning', 'text']);
  });

  it('throws `incomplete_stream` without a candidate finishReason', () => {
    const golden = fixture<StreamFixture>('gemini', 'stream-thoughts-function-calls');
    const thrown = thrownBy(() => feed(golden.chunks.slice(0, 3)).finish());
    expect(isConvologError(thrown, 'incomplete_stream')).toBe(true);
  });

  it('with allowIncomplete, keeps thoughts and text and reports `aborted`', () => {
    const golden = fixture<StreamFixture>('gemini', 'stream-thoughts-function-calls');
    const { message, envelope, warnings } = feed(golden.chunks.slice(0, 3)).finish({ allowIncomplete: true });
    expect(message.content).toStrictEqual([
      { type: 'reasoning', text: '**Planning** I need the weather and the local time.' },
      { type: 'text', text: 'Let me look that up.' },
    ]);
    expect(envelope).toMatchObject({ id: 'x7yUaKq2DMfM1dkP0cG1sAk', finishReason: 'aborted', usage: { inputTokens: 41, outputTokens: 6 } });
    expect(warnings).toStrictEqual([]);
  });

  it('with allowIncomplete on a stream that ended after its calls arrived but before finishReason, drops every call', () => {
    const golden = fixture<StreamFixture>('gemini', 'stream-thoughts-function-calls');
    const last = structuredClone(golden.chunks[3]!);
    delete last.candidates![0]!.finishReason;
    const { message, warnings } = feed([...golden.chunks.slice(0, 3), last]).finish({ allowIncomplete: true });
    expect(message.content.map((block) => block.type)).toStrictEqual(['reasoning', 'text']);
    expect(warningKeys(warnings)).toStrictEqual([{ code: 'dropped_block', blockIndex: 2 }, { code: 'dropped_block', blockIndex: 3 }]);
  });

  it('starts a new block after a signed one instead of moving its signature', () => {
    const { message } = feed([
      { candidates: [{ content: { role: 'model', parts: [{ text: 'one', thoughtSignature: 's1' }] } }] },
      { candidates: [{ content: { role: 'model', parts: [{ text: ' two' }] } }] },
      { candidates: [{ content: { role: 'model', parts: [{ text: ' three', thoughtSignature: 's2' }] }, finishReason: 'STOP' }] },
    ]).finish();
    expect(message.content).toStrictEqual([
      { type: 'text', text: 'one', providerData: { 'google-ai': { thoughtSignature: 's1' } } },
      { type: 'text', text: ' two three', providerData: { 'google-ai': { thoughtSignature: 's2' } } },
    ]);
  });
});
