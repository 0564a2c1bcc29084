import { describe, expect, it } from 'vitest';
import { ownState, withOwnState } from '../../../src/adapters/shared/own-state.js';

describe('ownState', () => {
  it('reads one namespace, and nothing that is not a record', () => {
    expect(ownState({ openai: { a: 1 }, anthropic: { b: 2 } }, 'openai')).toStrictEqual({ a: 1 });
    expect(ownState({ anthropic: { b: 2 } }, 'openai')).toBeUndefined();
    expect(ownState(undefined, 'openai')).toBeUndefined();
    expect(ownState({ openai: [1] as unknown as Record<string, unknown> }, 'openai')).toBeUndefined();
  });
});

describe('withOwnState', () => {
  it('adds the state\'s fields, and the adapter\'s own fields win', () => {
    expect(withOwnState({ type: 'text', text: 'hi' }, { text: 'injected', cache_control: { type: 'ephemeral' } }))
      .toStrictEqual({ type: 'text', text: 'hi', cache_control: { type: 'ephemeral' } });
  });

  it('returns the wire object itself when there is nothing to add', () => {
    const wire = { type: 'text' };
    expect(withOwnState(wire, undefined)).toBe(wire);
    expect(withOwnState(wire, { type: 'other' })).toBe(wire);
  });

  it('never lets a `__proto__` key reach a prototype or the wire', () => {
    const state = JSON.parse('{"__proto__":{"polluted":true},"constructor":1,"detail":"low"}') as Record<string, unknown>;
    const wire = withOwnState({ url: 'u' }, state) as Record<string, unknown>;
    expect(wire).toStrictEqual({ url: 'u', detail: 'low' });
    expect(Object.getPrototypeOf(wire)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
