import { journalText } from './journal-format.js';
import type { JournalFiles, JournalSink, JournalWrite } from './journal-sink.js';
import type { JournalStorage } from './journal-storage.js';

/**
 * The main-thread {@link JournalSink}: each batch is a segment file of its own, written whole
 * (`JournalStorage.write`: OPFS `createWritable`, a swap file moved into place), which a crash
 * cannot tear. Where no journal worker runs (no OPFS sync handles, Node's in-memory folder), and
 * what the worker sink falls back to.
 * @internal
 */
export function segmentSink(storage: JournalStorage, files: JournalFiles): JournalSink {
  return {
    kind: 'main-thread',
    async append(lines): Promise<JournalWrite> {
      const text = journalText(files.header, lines);
      await storage.write(files.nextName(), text);
      return { bytes: text.length, newFile: true };
    },
    seal: async () => undefined,
    close: async () => undefined,
  };
}
