import { describe, expect, it } from 'vitest';
import { TURN_ENVELOPE_KEY, TurnEnvelopeSchema } from '../../src/core/turn-envelope.js';
import { getAppData, withAppData } from '../../src/core/app-data.js';
import { assistant } from '../../src/core/constructors.js';

describe('TurnEnvelopeSchema', () => {
  it('uses the reserved key', () => {
    expect(TURN_ENVELOPE_KEY).toBe('convolog.turn');
  });

  it('reads an envelope and ignores unknown fields', () => {
    const envelope = TurnEnvelopeSchema.parse({
      id: 'resp_1', model: 'gpt', provider: 'openai', usage: { inputTokens: 10, outputTokens: 5, extra: 1 },
      finishReason: 'stop', finishReasonRaw: 'stop', futureField: true,
    });
    expect(envelope).toMatchObject({ id: 'resp_1', usage: { inputTokens: 10, outputTokens: 5 }, finishReason: 'stop' });
    expect('futureField' in envelope).toBe(false);
  });

  it('is tolerant: a wrong field is dropped, not fatal', () => {
    const envelope = TurnEnvelopeSchema.parse({ id: 42, finishReason: 'exploded', usage: { inputTokens: 'many' } });
    expect(envelope.id).toBeUndefined();
    expect(envelope.finishReason).toBe('other');
    expect(envelope.usage?.inputTokens).toBeUndefined();
  });

  it('round-trips through appData with getAppData', () => {
    const message = withAppData(assistant('hi'), TURN_ENVELOPE_KEY, { id: 'x', finishReason: 'length' });
    expect(getAppData(message, TURN_ENVELOPE_KEY, TurnEnvelopeSchema)).toEqual({ id: 'x', finishReason: 'length' });
  });
});
