import { describe, expect, it } from 'vitest';
import { detectExportFormat } from '../../src/importers/index.js';
import { toolsConversation } from './fixtures/chatgpt-fixtures.js';
import { linearClaudeConversation } from './fixtures/claude-fixtures.js';
import { branchingOpenWebUIChat } from './fixtures/open-webui-fixtures.js';

describe('detectExportFormat', () => {
  it('recognizes convolog exports, their JSON Lines form and serialized histories', () => {
    const exported = { format: 'convolog.conversation', formatVersion: 2, exportedAt: '2025-01-01T00:00:00.000Z', conversation: { id: 'c' }, entries: [] };
    expect(detectExportFormat(exported)).toBe('convolog');
    expect(detectExportFormat(JSON.stringify(exported))).toBe('convolog');
    expect(detectExportFormat(`${JSON.stringify({ ...exported, entries: undefined })}\n{"type":"message"}\n`)).toBe('convolog');
    expect(detectExportFormat({ format: 'convolog.history', formatVersion: 1, messages: [] })).toBe('convolog');
  });

  it('recognizes each foreign format, as an array, a single conversation or text', () => {
    expect(detectExportFormat(toolsConversation())).toBe('chatgpt');
    expect(detectExportFormat([linearClaudeConversation()])).toBe('claude');
    expect(detectExportFormat({ conversations: [linearClaudeConversation()] })).toBe('claude');
    expect(detectExportFormat(` \n${JSON.stringify([branchingOpenWebUIChat()])}`)).toBe('open_webui');
  });

  it('says null, never throws, for anything else', () => {
    for (const input of ['', 'not json', '[', '[]', '{"hello":1}', '[1, 2]', 42, null, undefined, [], [{}], { mapping: 'no' }]) {
      expect(detectExportFormat(input)).toBeNull();
    }
  });
});
