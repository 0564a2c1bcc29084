import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getAppData, withAppData } from '../../src/core/app-data.js';
import { user } from '../../src/core/constructors.js';
import { isConvologError } from '../../src/core/error.js';

describe('application data', () => {
  it('withAppData returns a new message and leaves the input alone', () => {
    const message = Object.freeze(user('hi'));
    const tagged = withAppData(message, 'myapp.pinned', true);
    expect(tagged).not.toBe(message);
    expect(tagged.appData).toEqual({ 'myapp.pinned': true });
    expect(message.appData).toBeUndefined();
    expect(withAppData(tagged, 'myapp.color', 'red').appData).toEqual({ 'myapp.pinned': true, 'myapp.color': 'red' });
  });

  it('getAppData is undefined when absent, the value without a schema', () => {
    expect(getAppData(user('x'), 'myapp.k')).toBeUndefined();
    expect(getAppData(withAppData(user('x'), 'myapp.k', 3), 'myapp.k')).toBe(3);
  });

  it('getAppData validates with a Standard Schema and types the result', () => {
    const Rating = z.object({ stars: z.number() });
    const message = withAppData(user('x'), 'myapp.rating', { stars: 4 });
    const rating = getAppData(message, 'myapp.rating', Rating);
    expect(rating?.stars).toBe(4);
  });

  it('getAppData throws invalid_app_data when present but not matching', () => {
    const message = withAppData(user('x'), 'myapp.rating', { stars: 'many' });
    let caught: unknown;
    try {
      getAppData(message, 'myapp.rating', z.object({ stars: z.number() }));
    } catch (error) {
      caught = error;
    }
    expect(isConvologError(caught, 'invalid_app_data')).toBe(true);
    expect((caught as Error).message).toContain('myapp.rating');
  });

  it('does not read inherited properties as app data', () => {
    expect(getAppData({ appData: {} }, 'toString')).toBeUndefined();
  });
});
