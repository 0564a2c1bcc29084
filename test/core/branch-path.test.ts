import { describe, expect, it } from 'vitest';
import { branchPath } from '../../src/core/branch-path.js';
import { buildContext, SUMMARY_PREFIX } from '../../src/core/build-context.js';
import { assistant, user } from '../../src/core/constructors.js';
import type { Entry } from '../../src/core/entry.js';
import { isConvologError } from '../../src/core/error.js';
import { keptTail } from '../../src/core/kept-tail.js';
import { treeFactory } from '../support/tree-entries.js';

/** u1 → a1 → u2 → a2, with u2' (an edit of u2) → a2' beside it. */
function edited() {
  const tree = treeFactory();
  const u1 = tree.message('u1', null, user('one'));
  const a1 = tree.message('a1', 'u1', assistant('ONE'));
  const u2 = tree.message('u2', 'a1', user('two'));
  const a2 = tree.message('a2', 'u2', assistant('TWO'));
  const u2b = tree.message('u2b', 'a1', user('two, edited'));
  const a2b = tree.message('a2b', 'u2b', assistant('TWO, edited'));
  return { tree, u1, a1, u2, a2, u2b, a2b };
}

function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('branchPath', () => {
  it('follows parents from the root to the leaf, whatever the order of the list', () => {
    const { tree, u1, a1, u2, a2, u2b, a2b } = edited();
    expect(branchPath(tree.all, 'a2')).toEqual([u1, a1, u2, a2]);
    expect(branchPath([...tree.all].reverse(), 'a2b')).toEqual([u1, a1, u2b, a2b]);
    expect(branchPath(tree.all, 'a1')).toEqual([u1, a1]);
  });

  it('gives a branch from a second root (the first message edited)', () => {
    const { tree } = edited();
    const root = tree.message('u1b', null, user('one, edited'));
    expect(branchPath(tree.all, 'u1b')).toEqual([root]);
  });

  it('feeds buildContext and keptTail: the last compaction on the path wins, one on another branch does not count', () => {
    const tree = treeFactory();
    tree.message('u1', null, user('one'));
    tree.message('a1', 'u1', assistant('ONE'));
    tree.message('u2', 'a1', user('two'));
    const k = tree.compaction('k', 'u2', 'u2', 'sum');
    tree.message('a2', 'k', assistant('TWO'));
    tree.message('a2b', 'u2', assistant('TWO again'));
    expect(buildContext(branchPath(tree.all, 'a2'))).toEqual([{ role: 'user', content: `${SUMMARY_PREFIX}sum` }, user('two'), assistant('TWO')]);
    expect(keptTail(branchPath(tree.all, 'a2')).compaction).toBe(k);
    expect(buildContext(branchPath(tree.all, 'a2b'))).toEqual([user('one'), assistant('ONE'), user('two'), assistant('TWO again')]);
  });

  it('throws not_found for an id not in the list', () => {
    const { tree } = edited();
    expect(isConvologError(errorOf(() => branchPath(tree.all, 'nope')), 'not_found')).toBe(true);
  });

  it('throws invalid_history for a parent missing from the list', () => {
    const { tree } = edited();
    const error = errorOf(() => branchPath(tree.all.filter((entry) => entry.id !== 'a1'), 'a2'));
    expect(isConvologError(error, 'invalid_history')).toBe(true);
    expect((error as Error).message).toMatch(/"a1"/);
  });

  it('throws invalid_history for a cycle and for an entry that is its own parent', () => {
    const tree = treeFactory();
    tree.message('x', 'y', user('x'));
    tree.message('y', 'x', assistant('y'));
    expect(isConvologError(errorOf(() => branchPath(tree.all, 'y')), 'invalid_history')).toBe(true);
    const self: Entry[] = [{ ...tree.all[0]!, parentId: 'x' }];
    expect(isConvologError(errorOf(() => branchPath(self, 'x')), 'invalid_history')).toBe(true);
  });

  it('never mutates its input', () => {
    const { tree } = edited();
    const copy = structuredClone(tree.all);
    branchPath(tree.all, 'a2b');
    expect(tree.all).toEqual(copy);
  });
});
