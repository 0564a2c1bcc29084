import { describe, expect, it } from 'vitest';
import { assistant, user } from '../../src/core/constructors.js';
import { isConvologError } from '../../src/core/error.js';
import { newestLeaf } from '../../src/core/newest-leaf.js';
import { treeFactory } from '../support/tree-entries.js';

describe('newestLeaf', () => {
  const tree = treeFactory();
  tree.message('u1', null, user('one'));
  tree.message('a1', 'u1', assistant('ONE'));
  tree.message('a1b', 'u1', assistant('ONE again'));
  tree.message('u2', 'a1', user('two'));
  tree.message('u2b', 'a1b', user('two on b'));
  tree.message('a2', 'u2', assistant('TWO'));

  it('is the highest-seq entry at or below the entry', () => {
    expect(newestLeaf(tree.all, 'u1').id).toBe('a2');
    expect(newestLeaf(tree.all, 'a1').id).toBe('a2');
    expect(newestLeaf(tree.all, 'a1b').id).toBe('u2b');
  });

  it('is the entry itself when it is a leaf', () => {
    expect(newestLeaf(tree.all, 'u2b').id).toBe('u2b');
    expect(newestLeaf([...tree.all].reverse(), 'a2').id).toBe('a2');
  });

  it('throws not_found for an id not in the list', () => {
    let error: unknown;
    try {
      newestLeaf(tree.all, 'missing');
    } catch (caught) {
      error = caught;
    }
    expect(isConvologError(error, 'not_found')).toBe(true);
  });

  it('terminates on damaged parents that loop', () => {
    const loop = treeFactory();
    loop.message('x', 'y', user('x'));
    loop.message('y', 'x', assistant('y'));
    expect(newestLeaf(loop.all, 'x').id).toBe('y');
  });
});
