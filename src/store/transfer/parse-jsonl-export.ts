import { ConvologError } from '../../core/error.js';
import type { Warning } from '../../core/warning.js';
import { CONVERSATION_FORMAT } from './conversation-export.js';

/**
 * Reads an export in JSON Lines form (line 1: everything but `entries`; then one entry per line)
 * into the object form. A final line without a newline that does not parse is a crash-truncated
 * tail: dropped with a `truncated_tail` warning. An unparseable complete line is `invalid_history`.
 * Blank lines are ignored.
 * @internal
 */
export function parseJsonlExport(text: string): { data: Record<string, unknown>; warnings: Warning[] } {
  const lines = text.split('\n');
  // After a final newline, split leaves one empty string: the file is complete.
  const last = lines.pop() ?? '';
  const warnings: Warning[] = [];
  const values: unknown[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    values.push(parseLine(line, index + 1));
  });
  if (last.trim() !== '') {
    try {
      values.push(JSON.parse(last));
    } catch {
      warnings.push({
        code: 'truncated_tail',
        message: `Line ${lines.length + 1} ends without a newline and does not parse: a write was cut short (a crash or a full disk). It was dropped.`,
      });
    }
  }
  const [header, ...entries] = values;
  if (typeof header !== 'object' || header === null || Array.isArray(header)) {
    throw new ConvologError({ code: 'invalid_history', message: 'Line 1 of a JSON Lines export must be the export header object.' });
  }
  return { data: { ...(header as Record<string, unknown>), entries }, warnings };
}

function parseLine(line: string, lineNumber: number): unknown {
  try {
    return JSON.parse(line);
  } catch (error) {
    throw new ConvologError({
      code: 'invalid_history',
      message: `Line ${lineNumber} of the JSON Lines export is not valid JSON (${error instanceof Error ? error.message : String(error)}). ` +
        'Only a cut-off final line is tolerated; this file was damaged in the middle.',
      details: { line: lineNumber },
      cause: error,
    });
  }
}

/**
 * Whether text looks like the JSON Lines form: its first line alone is an export header without
 * `entries`. The first line may be the only one: an empty conversation whose final newline was cut.
 * @internal
 */
export function isJsonlExport(text: string): boolean {
  const end = text.indexOf('\n');
  try {
    const header = JSON.parse(end < 0 ? text : text.slice(0, end)) as unknown;
    return typeof header === 'object' && header !== null && !Array.isArray(header) &&
      (header as { format?: unknown }).format === CONVERSATION_FORMAT && !Object.hasOwn(header, 'entries');
  } catch {
    return false;
  }
}
