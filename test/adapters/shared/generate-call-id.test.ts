import { describe, expect, it } from 'vitest';
import { generateCallId } from '../../../src/adapters/shared/generate-call-id.js';
import { GENERATED_CALL_ID } from '../helpers.js';

describe('generateCallId', () => {
  it('is `call_` + a UUID v7, different every time', () => {
    const ids = Array.from({ length: 1000 }, generateCallId);
    for (const id of ids) expect(id).toMatch(GENERATED_CALL_ID);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
