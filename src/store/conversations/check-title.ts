import { ConvologError } from '../../core/error.js';

/** A conversation title must be a string (`''` for none). @internal */
export function checkTitle(title: unknown): string {
  if (typeof title === 'string') return title;
  throw new ConvologError({
    code: 'invalid_message', path: ['title'],
    message: `A conversation title must be a string, not ${title === null ? 'null' : typeof title}; pass '' for no title.`,
  });
}
