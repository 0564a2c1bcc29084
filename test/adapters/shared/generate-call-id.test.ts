import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateCallId } from '../../../src/adapters/shared/generate-call-id.js';
import { GENERATED_CALL_ID } from '../helpers.js';

describe('generateCallId', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is `call_` + a UUID v7, different every time', () => {
    const ids = Array.from({ length: 1000 }, generateCallId);
    for (const id of ids) expect(id).toMatch(GENERATED_CALL_ID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('starts with the creation time in milliseconds, so later ids sort after earlier ones', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(0x0190_1234_5678);
    const first = generateCallId();
    expect(first.slice('call_'.length, 'call_'.length + 13)).toBe('01901234-5678');
    vi.setSystemTime(0x0190_1234_5679);
    expect(generateCallId() > first).toBe(true);
  });
});
