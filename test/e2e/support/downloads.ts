// A temporary folder per test file for what the demo downloads (exports) and what a test writes
// for it to import, removed after the file's last test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { byTestId } from './demo-page.js';

/** The download folder of a test file; read `directory` inside tests (it is made in `beforeAll`). */
export interface Downloads {
  readonly directory: string;
  /** Clicks `testId` and saves the file it downloads; returns its path and suggested name. */
  download(page: Page, testId: string): Promise<{ path: string; name: string }>;
}

/** Registers the hooks that make and remove the folder, named `prefix` + a random suffix. */
export function useDownloads(prefix: string): Downloads {
  let directory: string | undefined;
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => {
    if (directory) rmSync(directory, { recursive: true, force: true });
  });
  const downloads: Downloads = {
    get directory(): string {
      if (directory === undefined) throw new Error('the download folder is made in beforeAll: read it inside a test');
      return directory;
    },
    async download(page, testId) {
      const [file] = await Promise.all([page.waitForEvent('download'), byTestId(page, testId).click()]);
      const path = join(downloads.directory, `${Date.now()}-${file.suggestedFilename()}`);
      await file.saveAs(path);
      return { path, name: file.suggestedFilename() };
    },
  };
  return downloads;
}
