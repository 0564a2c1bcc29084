import { describe, expect, it } from 'vitest';
import { parseToolArguments } from '../../../src/adapters/shared/tool-arguments.js';

describe('parseToolArguments', () => {
  it('parses JSON text, and reads blank text as `{}`', () => {
    expect(parseToolArguments('{"a":[1]}')).toStrictEqual({ ok: true, value: { a: [1] } });
    expect(parseToolArguments('  ')).toStrictEqual({ ok: true, value: {} });
    expect(parseToolArguments('[1]')).toStrictEqual({ ok: true, value: [1] });
  });

  it('reports text that is not JSON', () => {
    expect(parseToolArguments('{"a":')).toStrictEqual({ ok: false });
  });
});
