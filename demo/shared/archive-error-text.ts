// What the demo says when a ZIP (one chat's export, or a backup) is refused. The library's own
// messages speak to developers (maxBytes, importAll); these speak to the user, by the error's code
// and, for `invalid_archive`, its `details.reason`.
import { isConvologError } from '../../src/index.js';

/** Which kind of file the user gave: one chat's export, or a backup of everything. */
export type ArchiveKind = 'chat' | 'backup';

/** A sentence for a refused ZIP; undefined when the error is not about the file. */
export function archiveErrorText(error: unknown, kind: ArchiveKind): string | undefined {
  if (!isConvologError(error)) return undefined;
  return archiveCodeText(error.code, error.details?.reason, kind);
}

/** The same, from an error's code and `details.reason` (a backup's skipped chat carries only those). */
export function archiveCodeText(code: string, reason: unknown, kind: ArchiveKind): string | undefined {
  if (code === 'attachment_mismatch') {
    return kind === 'chat'
      ? 'A picture or file in it does not match its fingerprint: the file was damaged or changed after it was exported. Export it again from where it came from.'
      : 'A picture or file in it does not match its fingerprint: the file was damaged or changed after the backup was made. Make a new backup in the browser it came from.';
  }
  if (code === 'too_large') {
    return 'It unpacks to more than this demo accepts for one chat (64 MB). Only a file from a source you trust should be that large.';
  }
  if (code !== 'invalid_archive') return undefined;
  if (reason === 'truncated' || reason === 'empty') {
    return 'The file is cut off (an interrupted download or copy?). Download or copy it again.';
  }
  if (reason === 'missing_entry' && kind === 'chat') {
    return 'This ZIP is not a chat exported by convolog, nor a ChatGPT or Claude data export. A backup of everything is restored in Settings → Backup.';
  }
  if (reason === 'missing_entry') {
    return 'This ZIP is not a convolog backup. One chat\'s ZIP export is brought in with "Import chat".';
  }
  if (reason === 'not_zip') return 'This is not a ZIP file.';
  return 'The ZIP is damaged or uses a form this demo cannot read. Download or copy it again.';
}
