import type { Entry } from '../../core/entry.js';
import { mediaParts } from '../../core/media-parts.js';

/**
 * The distinct attachment ids the entries reference, in log order. Its own (from core's
 * `mediaParts`) rather than `attachments/attachment-refs.ts`'s: importing that from this lazy
 * code split it out of openStore's up-front chunk into a chunk of its own (+177 B gzipped, measured).
 * @internal
 */
export function referencedAttachments(entries: readonly Entry[]): Set<string> {
  const ids = new Set<string>();
  for (const entry of entries) {
    if (entry.type !== 'message') continue;
    for (const [, part] of mediaParts(entry.message)) if (part.source.kind === 'attachment') ids.add(part.source.id);
  }
  return ids;
}
