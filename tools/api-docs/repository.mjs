import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The convolog repository this workspace documents. */
export const repository = join(dirname(fileURLToPath(import.meta.url)), '../..');
