// The `attachment` media source (DESIGN §18) is a valid persisted message part: both readers
// (the zod schema and the store's own reader) take it, with its fields checked.
import { describe, expect, it } from 'vitest';
import { MessageSchema } from '../../src/core/message.js';
import { parseMessages } from '../../src/core/parse-messages.js';
import { toMarkdown } from '../../src/core/to-markdown.js';

const source = { kind: 'attachment', id: 'c'.repeat(64), mediaType: 'image/png', size: 42, filename: 'cat.png' };
const message = { role: 'user', content: [{ type: 'image', source }] };

describe('attachment media sources', () => {
  it('are read by MessageSchema and by parseMessages as they are', () => {
    expect(MessageSchema.parse(message)).toEqual(message);
    expect(parseMessages([message], '')).toEqual([message]);
  });

  it('need a numeric size and a string id in both readers', () => {
    for (const broken of [{ ...source, size: '42' }, { ...source, id: 7 }, { ...source, mediaType: undefined }]) {
      const bad = { role: 'user', content: [{ type: 'image', source: broken }] };
      expect(MessageSchema.safeParse(bad).success).toBe(false);
      expect(() => parseMessages([bad], '')).toThrow();
    }
  });

  it('are named in Markdown (by media type), never embedded', () => {
    const entry = { type: 'message', id: 'e1', conversationId: 'c', seq: 1, timestamp: '2026-01-01T00:00:00.000Z', parentId: null, message } as const;
    expect(toMarkdown([entry as never])).toContain('*[image: image/png]*');
  });
});
