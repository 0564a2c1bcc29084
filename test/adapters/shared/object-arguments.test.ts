import { describe, expect, it } from 'vitest';
import { prepareContext } from '../../../src/adapters/shared/conversion-context.js';
import { objectArguments } from '../../../src/adapters/shared/object-arguments.js';
import { warningKeys } from '../../support/warning-keys.js';

describe('objectArguments', () => {
  it('parses a JSON object, and reads blank arguments as {}', () => {
    const context = prepareContext([], []);
    expect(objectArguments({ id: 'c1', arguments: '{"city":"Oslo"}' }, 1, 0, context, 'API')).toStrictEqual({ city: 'Oslo' });
    expect(objectArguments({ id: 'c1', arguments: '' }, 1, 0, context, 'API')).toStrictEqual({});
    expect(context.warnings).toStrictEqual([]);
  });

  it('sends broken JSON or a value that is not an object as {}, with a warning instead of an error', () => {
    const context = prepareContext([], []);
    expect(objectArguments({ id: 'c1', arguments: '{"city": "Os' }, 1, 0, context, 'API')).toStrictEqual({});
    expect(objectArguments({ id: 'c2', arguments: '[1,2]' }, 3, 2, context, 'API')).toStrictEqual({});
    expect(warningKeys(context.warnings)).toStrictEqual([
      { code: 'dropped_block', messageIndex: 1, blockIndex: 0 },
      { code: 'dropped_block', messageIndex: 3, blockIndex: 2 },
    ]);
    expect(context.warnings[0]!.message).toContain('tool call "c1"');
  });
});
