import { describe, expect, it } from 'vitest';
import { ConvologError, isConvologError } from '../../src/core/error.js';

describe('ConvologError', () => {
  it('carries a stable code, path and details', () => {
    const error = new ConvologError({ code: 'not_found', message: 'gone', path: [1], details: { id: 'x' } });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ConvologError');
    expect(error.code).toBe('not_found');
    expect(error.path).toEqual([1]);
    expect(error.details).toEqual({ id: 'x' });
  });

  it('is recognized by isConvologError, with or without a code', () => {
    const error = new ConvologError({ code: 'conflict', message: 'moved on' });
    expect(isConvologError(error)).toBe(true);
    expect(isConvologError(error, 'conflict')).toBe(true);
    expect(isConvologError(error, 'not_found')).toBe(false);
    expect(isConvologError(new Error('x'))).toBe(false);
    expect(isConvologError(null)).toBe(false);
  });

  it('is recognized across bundled copies through the registry symbol', () => {
    const foreign = Object.assign(new Error('other copy'), { code: 'closed' });
    Object.defineProperty(foreign, Symbol.for('convolog.error'), { value: true });
    expect(isConvologError(foreign, 'closed')).toBe(true);
  });

  it('keeps the cause', () => {
    const cause = new Error('root');
    expect(new ConvologError({ code: 'aborted', message: 'stopped', cause }).cause).toBe(cause);
  });
});
