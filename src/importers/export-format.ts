/** The export files `convolog/importers` recognizes. */
export type ExportFormat = 'convolog' | 'chatgpt' | 'claude' | 'open_webui';

/** The foreign formats: every {@link ExportFormat} but convolog's own. */
export type ForeignExportFormat = Exclude<ExportFormat, 'convolog'>;
