/**
 * What the ZIP importers read an export through: the `ZipArchive` that `openZipArchive` (from
 * `convolog`) returns. Declared here, structurally, because an importer imports core only.
 */
export interface ExportArchive {
  /** The names of the entries. */
  readonly names: readonly string[];
  /** The bytes of one entry (every read counts against the archive's `maxBytes`). */
  read(name: string): Promise<Uint8Array>;
  /** One entry as UTF-8 text, decoded as it inflates (`invalid_archive` when it is not UTF-8). */
  readText(name: string): Promise<string>;
}

/** What the ZIP importers write through: a `ConvologStore` (only its `importConversation` is used). */
export interface ImportTarget {
  importConversation(data: unknown, options?: { maxBytes?: number; signal?: AbortSignal; onReimport?: 'skip' | 'replace' | 'duplicate' }): Promise<{
    conversation: { id: string; title: string };
    outcome: 'created' | 'skipped' | 'replaced' | 'duplicated';
    warnings: readonly { code: string; message: string }[];
  }>;
}
