import { describe, expect, it } from 'vitest';
import { detectExportFormat, fromOpenWebUIExport } from '../../src/importers/index.js';
import { branchingOpenWebUIChat } from './fixtures/open-webui-fixtures.js';
import { expectWellFormed, headTranscript, leaves } from './tree-checks.js';

describe('fromOpenWebUIExport', () => {
  const { conversations: [result], warnings } = fromOpenWebUIExport(JSON.stringify([branchingOpenWebUIChat()]));

  it('keeps every branch of history.messages and opens the one currentId names', () => {
    expectWellFormed(result!);
    expect(leaves(result!).map((leaf) => leaf.id)).toEqual(['m2', 'm5']);
    expect(result!.conversation.headId).toBe('m2');
    expect(headTranscript(result!)).toEqual(['user: A pasta for four? | [image]', 'assistant: (thinking: Four people & one pot.) | Cacio e pepe.']);
  });

  it('carries a data: URL image, and reports the file held by the server and the tool section it leaves out', () => {
    expect(result!.entries[0]!.message.content).toEqual([
      { type: 'text', text: 'A pasta for four?' }, { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: 'iVBORw0KGgo=' } },
    ]);
    expect(result!.entries.find((entry) => entry.id === 'm3')!.message).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Carbonara.' }] });
    expect(warnings.map((warning) => warning.code)).toEqual(['dropped_block', 'dropped_block']);
    expect(warnings[0]!.message).toMatch(/“Pasta for four” \(owu-1\): the file "pantry.pdf" was left out/);
    expect(warnings[1]!.message).toMatch(/"tool_calls" section/);
  });

  it('keeps the title and UNIX-second times', () => {
    expect(result!.conversation).toMatchObject({ title: 'Pasta for four', createdAt: '2023-11-14T22:13:20.000Z', updatedAt: '2023-11-14T22:23:20.000Z' });
    expect(result!.entries[0]!.timestamp).toBe('2023-11-14T22:13:21.000Z');
  });

  it('takes a single chat object as well as the array, and is detected as open_webui', () => {
    expect(fromOpenWebUIExport(branchingOpenWebUIChat()).conversations).toEqual([result]);
    expect(detectExportFormat(JSON.stringify([branchingOpenWebUIChat()]))).toBe('open_webui');
  });
});
