/** Every code a {@link Warning} can carry. */
export type WarningCode =
  | 'dropped_block'
  | 'dropped_provider_data'
  | 'truncated_tail'
  | 'id_reassigned'
  /** An importer left out a whole message it could not carry (`convolog/importers`). */
  | 'dropped_message'
  /** An importer skipped a whole conversation that was malformed; the others were kept. */
  | 'skipped_conversation'
  /** Sync (DESIGN §13): an entry or a document from another device that failed the checks, left out. */
  | 'skipped_entry'
  | 'skipped_document'
  /** Sync (DESIGN §13): an entry that waited for its parent was given up (more than 1000 were waiting). */
  | 'dropped_orphan'
  /** Sync (DESIGN §13): an attachment's bytes could not travel (not stored on the pushing device, or not on the server). */
  | 'missing_attachment'
  /** Sync (DESIGN §13): the bytes the server gave under an attachment's id are other bytes (their SHA-256 differs); refused. */
  | 'attachment_mismatch';

/**
 * Something the library removed or changed and reports instead of failing.
 * `messageIndex` / `blockIndex` point into the caller's input.
 */
export interface Warning {
  code: WarningCode;
  message: string;
  messageIndex?: number;
  blockIndex?: number;
}
