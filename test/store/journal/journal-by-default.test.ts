// DESIGN §21: the journal is on by default only in Chromium-based engines (LevelDB, the ones
// seen deleting a database after a crash). The browser project runs Chromium; Node is neither.
import { describe, expect, it } from 'vitest';
import { journalByDefault } from '../../../src/store/journal/journal-by-default.js';

describe('where the journal is on by default', () => {
  it('is on in Chromium and off elsewhere', () => {
    const chromium = typeof navigator !== 'undefined' && /Chrome\//.test(navigator.userAgent);
    expect(journalByDefault()).toBe(chromium);
  });
});
