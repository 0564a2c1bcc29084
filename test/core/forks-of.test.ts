import { describe, expect, it } from 'vitest';
import { assistant, user } from '../../src/core/constructors.js';
import { forksOf } from '../../src/core/forks-of.js';
import { treeFactory } from '../support/tree-entries.js';

describe('forksOf', () => {
  it('is empty for a linear log', () => {
    const tree = treeFactory();
    tree.message('u1', null, user('one'));
    tree.message('a1', 'u1', assistant('ONE'));
    expect(forksOf(tree.all)).toEqual([]);
    expect(forksOf([])).toEqual([]);
  });

  it('lists the root first, then fork points by their seq, children in seq order', () => {
    const tree = treeFactory();
    tree.message('u1', null, user('one'));
    tree.message('a1', 'u1', assistant('ONE'));
    tree.message('u2', 'a1', user('two'));
    tree.message('a2', 'u2', assistant('TWO'));
    tree.message('u2b', 'a1', user('two, edited'));
    tree.message('a1b', 'u1', assistant('ONE again'));
    tree.message('u1b', null, user('one, edited'));
    tree.message('u2c', 'a1', user('two, third version'));
    const expected = [
      { parentId: null, childIds: ['u1', 'u1b'] },
      { parentId: 'u1', childIds: ['a1', 'a1b'] },
      { parentId: 'a1', childIds: ['u2', 'u2b', 'u2c'] },
    ];
    expect(forksOf(tree.all)).toEqual(expected);
    expect(forksOf([...tree.all].reverse())).toEqual(expected);
  });
});
