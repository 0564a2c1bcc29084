// The page the reliability tests drive: the library exactly as an app imports it, plus the
// in-page halves of the scenarios. Tests call `window.reliability.*` through page.evaluate.
import * as convolog from '../../../src/index.js';
import { basesOf, sampleExport } from '../support/fuzzer.js';
import { runFuzz } from '../support/fuzz-run.js';
import { createFaultyFactory } from './faulty-factory.js';
import { killLoop } from './kill-loop.js';
import { countRecords, readRecords, writeRecord } from './raw-idb.js';
import { holdConnection, newerBuildFactory } from './newer-build-factory.js';

const reliability = {
  convolog,
  killLoop,
  createFaultyFactory,
  newerBuildFactory,
  holdConnection,
  raw: { countRecords, readRecords, writeRecord },
  fuzz: { runFuzz, basesOf, sampleExport },
  /** Resolves on the next `StoreChange` matching `predicate`, or rejects after `milliseconds`. */
  nextChange(store: convolog.ConvologStore, predicate: (change: convolog.StoreChange) => boolean, milliseconds = 10_000): Promise<convolog.StoreChange> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => { unsubscribe(); reject(new Error(`no matching change in ${milliseconds} ms`)); }, milliseconds);
      const unsubscribe = store.subscribe((change) => {
        if (!predicate(change)) return;
        clearTimeout(timer);
        unsubscribe();
        resolve(change);
      });
    });
  },
  /** A thrown value as plain data (page.evaluate cannot carry a ConvologError). */
  describeError(error: unknown): { name?: string; code?: string; message: string; details?: unknown; path?: unknown; convolog: boolean } {
    const convologError = convolog.isConvologError(error);
    const value = error as { name?: string; code?: string; message?: string; details?: unknown; path?: unknown };
    return {
      convolog: convologError,
      message: String(value?.message ?? error),
      ...(value?.name === undefined ? {} : { name: value.name }),
      ...(convologError ? { code: value.code, details: value.details, path: value.path } : {}),
    };
  },
};

export type Reliability = typeof reliability;

declare global {
  interface Window {
    reliability: Reliability;
    reliabilityReady: boolean;
  }
}

window.reliability = reliability;
window.reliabilityReady = true;
