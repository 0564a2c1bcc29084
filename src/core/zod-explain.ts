import type { z } from 'zod/mini';
import { excerpt } from './excerpt.js';
import { formatPath } from './format-path.js';
import { KNOWN_CONTENT_TYPES } from './message.js';
import { describeValue } from './shape-reader.js';

/** What went wrong in a zod parse, reduced to the one place a person should look. @internal */
export interface ExplainedIssue {
  kind: 'invalid' | 'unknown_content_type' | 'system_role';
  path: (string | number)[];
  message: string;
}

interface Leaf { path: (string | number)[]; issue: z.core.$ZodIssue }

/**
 * Reduces a zod error to its deepest issue, digging into union branches instead of stopping at
 * "Invalid input" on the union, and recognizes content types from a newer writer.
 * `prefix` is prepended to paths (e.g. `['messages']`). @internal
 */
export function explainZodError(error: z.core.$ZodError, input: unknown, prefix: (string | number)[] = []): ExplainedIssue {
  const leaves = error.issues.flatMap((issue) => collectLeaves(issue, []));
  // A loop, not Math.max(...): an array of 300,000 bad blocks gives as many issues, more arguments than a call takes.
  const deepest = leaves.reduce((longest, leaf) => Math.max(longest, leaf.path.length), -Infinity);
  const candidates = leaves.filter((leaf) => leaf.path.length === deepest);
  const first = candidates[0]!;
  const path = [...prefix, ...first.path];
  const where = formatPath(path);

  if (isDiscriminatorIssue(first.issue)) {
    const received = valueAt(input, first.path);
    const discriminator = (first.issue as { discriminator?: string }).discriminator;
    if (discriminator === 'role' && received === 'system') {
      return { kind: 'system_role', path, message: `${where}: a history holds no system messages` };
    }
    if (discriminator === 'type' && typeof received === 'string' && !KNOWN_CONTENT_TYPES.has(received)) {
      return {
        kind: 'unknown_content_type', path,
        message: `unknown content block type \`${excerpt(received)}\` (written by a newer convolog?) at ${where}`,
      };
    }
    const options = ((first.issue as { options?: unknown[] }).options ?? []).map((option) => `\`${String(option)}\``);
    const shown = typeof received === 'string' ? `\`${excerpt(received)}\`` : describeValue(received);
    return {
      kind: 'invalid', path,
      message: `${where}: ${shown} is not allowed here; expected ${options.join(' | ')}`,
    };
  }

  const expected = candidates
    .map((leaf) => (leaf.issue.code === 'invalid_type' ? String((leaf.issue as { expected?: unknown }).expected) : undefined))
    .filter((value): value is string => value !== undefined);
  if (expected.length > 1) {
    return {
      kind: 'invalid', path,
      message: `${where}: expected ${[...new Set(expected)].join(' or ')}, received ${describeValue(valueAt(input, first.path))}`,
    };
  }
  return { kind: 'invalid', path, message: `${where}: ${describeZodIssue(first.issue, valueAt(input, first.path))}` };
}

function collectLeaves(issue: z.core.$ZodIssue, base: (string | number)[]): Leaf[] {
  const path = [...base, ...(issue.path as (string | number)[])];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    return issue.errors.flatMap((branch) => branch.flatMap((inner) => collectLeaves(inner, path)));
  }
  return [{ path, issue }];
}

function isDiscriminatorIssue(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'invalid_union' && issue.errors.length === 0 && 'discriminator' in issue;
}

function valueAt(input: unknown, path: readonly (string | number)[]): unknown {
  let current = input;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/**
 * One readable phrase for a zod issue. We render it ourselves because zod/mini (which keeps
 * the core small) ships no locale, so its own messages all read "Invalid input", and loading a
 * locale would change zod's global configuration under the application.
 */
function describeZodIssue(issue: z.core.$ZodIssue, received: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}, received ${describeValue(received)}`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'expected a non-empty string';
      return `expected ${issue.inclusive ? 'at least' : 'more than'} ${String(issue.minimum)}${unitOf(issue.origin)}`;
    case 'too_big':
      return `expected ${issue.inclusive ? 'at most' : 'less than'} ${String(issue.maximum)}${unitOf(issue.origin)}`;
    case 'invalid_value':
      return `expected ${issue.values.map((value) => JSON.stringify(value)).join(' | ')}`;
    case 'invalid_format':
      return `expected a valid ${issue.format}`;
    default:
      return issue.message;
  }
}

function unitOf(origin: string): string {
  if (origin === 'string') return ' characters';
  if (origin === 'array' || origin === 'set') return ' items';
  return '';
}
