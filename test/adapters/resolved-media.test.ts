// What each adapter sends for resolved media (DESIGN §18, issue 24): after resolveAttachments an
// attachment is a `base64` source, and every adapter must put it in its provider's own shape, or
// refuse it with `unsupported_media_type` where that provider cannot take the media type (rather
// than send a request the provider rejects). Each expected shape is typed with the official SDK's
// own type (`satisfies`, checked by `npm run typecheck`); the AI SDK's by its validator and by
// its own prompt conversion.
import type { ContentBlockParam } from '@anthropic-ai/sdk/resources/messages/messages';
import type { Part } from '@google/genai';
import { generateText, modelMessageSchema } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { ChatCompletionContentPart } from 'openai/resources/chat/completions/completions';
import type { ResponseInputContent } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import {
  toAnthropicMessages, toGeminiContents, toModelMessages, toOpenAIChatMessages, toOpenAIResponsesInput,
} from '../../src/adapters/index.js';
import type { Message, UserPart } from '../../src/core/message.js';
import { resolveAttachments } from '../../src/store/index.js';
import { storeFixture } from '../store/store-fixture.js';
import { convologErrorThrownBy } from '../support/thrown-by.js';

const PNG = 'iVBORw0KGgo=';
const PDF = 'JVBERi0xLjQ=';
const TEXT = btoa('hello, world'); // "hello, world"

const png: UserPart = { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: PNG } };
const pdf: UserPart = { type: 'file', source: { kind: 'base64', mediaType: 'application/pdf', data: PDF }, filename: 'report.pdf' };
const text: UserPart = { type: 'file', source: { kind: 'base64', mediaType: 'text/markdown', data: TEXT }, filename: 'notes.md' };
// A picture given as a file (the AI SDK stores an image with a filename this way).
const pictureFile: UserPart = { type: 'file', source: { kind: 'base64', mediaType: 'image/jpeg', data: PNG }, filename: 'cat.jpg' };

const fixture = storeFixture();

function asked(...parts: UserPart[]): Message[] {
  return [{ role: 'user', content: [{ type: 'text', text: 'What is in these?' }, ...parts] }];
}

describe('OpenAI Chat Completions: resolved media', () => {
  it('sends images as data URLs, PDFs as `file` parts with a filename, text files as text, pictures given as files as images', () => {
    const { body, warnings } = toOpenAIChatMessages(asked(png, pdf, text, pictureFile));
    expect(body.messages[0]!.content).toStrictEqual([
      { type: 'text', text: 'What is in these?' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
      { type: 'file', file: { file_data: `data:application/pdf;base64,${PDF}`, filename: 'report.pdf' } },
      { type: 'text', text: 'hello, world' },
      { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${PNG}` } },
    ] satisfies ChatCompletionContentPart[]);
    expect(warnings).toStrictEqual([]);
  });

  it('names a PDF without a filename (Chat Completions wants one with file data)', () => {
    const { body } = toOpenAIChatMessages(asked({ type: 'file', source: { kind: 'base64', mediaType: 'application/pdf', data: PDF } }));
    expect(body.messages[0]!.content).toContainEqual({ type: 'file', file: { file_data: `data:application/pdf;base64,${PDF}`, filename: 'document.pdf' } } satisfies ChatCompletionContentPart);
  });

  it('refuses a file type Chat Completions cannot take (a Word file) and an image type it cannot read (SVG), naming the message and type', () => {
    const word = convologErrorThrownBy(() => toOpenAIChatMessages(asked({ type: 'file', source: { kind: 'base64', mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', data: 'UEsDBA==' } })));
    expect(word.code).toBe('unsupported_media_type');
    expect(word.path).toStrictEqual([0, 'content', 1]);
    expect(word.details).toMatchObject({ messageIndex: 0, mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    expect(word.message).toContain('OpenAI Chat Completions cannot take application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const svg = convologErrorThrownBy(() => toOpenAIChatMessages(asked({ type: 'image', source: { kind: 'base64', mediaType: 'image/svg+xml', data: 'PHN2Zz4=' } })));
    expect(svg.code).toBe('unsupported_media_type');
    expect(svg.details).toMatchObject({ messageIndex: 0, mediaType: 'image/svg+xml' });
  });
});

describe('media a provider cannot take, earlier in the history', () => {
  // Stored for good (perhaps sent to a provider that took it): an error would wedge every later turn.
  const history = (part: UserPart): Message[] => [
    { role: 'user', content: [{ type: 'text', text: 'Read this.' }, part] },
    { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
    { role: 'user', content: 'And now?' },
  ];
  const word: UserPart = { type: 'file', source: { kind: 'base64', mediaType: 'application/msword', data: '0M8R4A==' }, filename: 'a.doc' };
  const svg: UserPart = { type: 'image', source: { kind: 'base64', mediaType: 'image/svg+xml', data: 'PHN2Zz4=' } };

  it('is left out with a `dropped_block` warning naming the provider and media type, the rest sent', () => {
    const chat = toOpenAIChatMessages(history(word));
    expect(chat.body.messages[0]).toStrictEqual({ role: 'user', content: [{ type: 'text', text: 'Read this.' }] });
    expect(chat.warnings).toMatchObject([{ code: 'dropped_block', messageIndex: 0, blockIndex: 1 }]);
    expect(chat.warnings[0]!.message).toContain('OpenAI Chat Completions cannot take application/msword');
    const anthropic = toAnthropicMessages(history(svg));
    expect(anthropic.body.messages[0]).toStrictEqual({ role: 'user', content: [{ type: 'text', text: 'Read this.' }] });
    expect(anthropic.warnings).toMatchObject([{ code: 'dropped_block', messageIndex: 0, blockIndex: 1 }]);
    const responses = toOpenAIResponsesInput(history(svg));
    expect(responses.warnings).toMatchObject([{ code: 'dropped_block', messageIndex: 0, blockIndex: 1 }]);
  });
});

describe('OpenAI Responses: resolved media', () => {
  it('sends images as `input_image` data URLs and files (any type it reads: PDF, text, Office) as `input_file` data, pictures given as files as images', () => {
    const { body, warnings } = toOpenAIResponsesInput(asked(png, pdf, text, pictureFile));
    expect(body.input[0]).toMatchObject({ role: 'user' });
    expect((body.input[0] as { content: unknown }).content).toStrictEqual([
      { type: 'input_text', text: 'What is in these?' },
      { type: 'input_image', detail: 'auto', image_url: `data:image/png;base64,${PNG}` },
      { type: 'input_file', file_data: `data:application/pdf;base64,${PDF}`, filename: 'report.pdf' },
      { type: 'input_file', file_data: `data:text/markdown;base64,${TEXT}`, filename: 'notes.md' },
      { type: 'input_image', detail: 'auto', image_url: `data:image/jpeg;base64,${PNG}` },
    ] satisfies ResponseInputContent[]);
    expect(warnings).toStrictEqual([]);
  });

  it('refuses an image type the Responses API cannot read', () => {
    const error = convologErrorThrownBy(() => toOpenAIResponsesInput(asked({ type: 'image', source: { kind: 'base64', mediaType: 'image/heic', data: 'AAAA' } })));
    expect(error.code).toBe('unsupported_media_type');
    expect(error.details).toMatchObject({ messageIndex: 0, mediaType: 'image/heic' });
    expect(error.message).toContain('OpenAI Responses');
  });
});

describe('Anthropic Messages: resolved media', () => {
  it('sends images as base64 `image` blocks, PDFs as base64 documents, any text file as a text document, pictures given as files as images', () => {
    const { body, warnings } = toAnthropicMessages(asked(png, pdf, text, pictureFile));
    expect(body.messages[0]!.content).toStrictEqual([
      { type: 'text', text: 'What is in these?' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
      { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: PDF }, title: 'report.pdf' },
      { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'hello, world' }, title: 'notes.md' },
      { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: PNG } },
    ] satisfies ContentBlockParam[]);
    expect(warnings).toStrictEqual([]);
  });

  it('refuses an image type and a file type Anthropic cannot take, rather than leave them out unseen', () => {
    const svg = convologErrorThrownBy(() => toAnthropicMessages(asked({ type: 'image', source: { kind: 'base64', mediaType: 'image/svg+xml', data: 'PHN2Zz4=' } })));
    expect(svg.code).toBe('unsupported_media_type');
    expect(svg.details).toMatchObject({ messageIndex: 0, mediaType: 'image/svg+xml' });
    expect(svg.message).toContain('Anthropic Messages');
    const zip = convologErrorThrownBy(() => toAnthropicMessages(asked({ type: 'file', source: { kind: 'base64', mediaType: 'application/zip', data: 'UEsDBA==' } })));
    expect(zip.code).toBe('unsupported_media_type');
    expect(zip.path).toStrictEqual([0, 'content', 1]);
    expect(zip.details).toMatchObject({ messageIndex: 0, mediaType: 'application/zip' });
  });
});

describe('Gemini: resolved media', () => {
  it('sends images and files alike as `inlineData` with their media type', () => {
    const { body, warnings } = toGeminiContents(asked(png, pdf, text));
    expect(body.contents[0]!.parts).toStrictEqual([
      { text: 'What is in these?' },
      { inlineData: { mimeType: 'image/png', data: PNG } },
      { inlineData: { mimeType: 'application/pdf', data: PDF } },
      { inlineData: { mimeType: 'text/markdown', data: TEXT } },
    ] satisfies Part[]);
    expect(warnings).toStrictEqual([]);
  });
});

describe('AI SDK: resolved media', () => {
  it('writes `image` and `file` parts with their media type that the ai package validates and hands its model as file parts', async () => {
    const { body, warnings } = toModelMessages(asked(png, pdf, text));
    expect(warnings).toStrictEqual([]);
    expect(body.messages[0]!.content).toStrictEqual([
      { type: 'text', text: 'What is in these?' },
      { type: 'image', image: PNG, mediaType: 'image/png' },
      { type: 'file', data: PDF, mediaType: 'application/pdf', filename: 'report.pdf' },
      { type: 'file', data: TEXT, mediaType: 'text/markdown', filename: 'notes.md' },
    ]);
    for (const message of body.messages) expect(modelMessageSchema.safeParse(message).success).toBe(true);
    const model = new MockLanguageModelV4({
      doGenerate: {
        content: [{ type: 'text', text: 'ok' }], finishReason: { unified: 'stop', raw: 'stop' }, warnings: [],
        usage: { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } },
      },
    });
    await generateText({ model, ...body });
    const sent = model.doGenerateCalls[0]!.prompt[0]!.content as { type: string; mediaType?: string; filename?: string }[];
    expect(sent.map((part) => [part.type, part.mediaType, part.filename])).toStrictEqual([
      ['text', undefined, undefined], ['file', 'image/png', undefined], ['file', 'application/pdf', 'report.pdf'], ['file', 'text/markdown', 'notes.md'],
    ]);
  });
});

describe('from the store to the request', () => {
  it('a stored PDF, resolved, goes to Chat Completions as a `file` part named by the reference\'s filename', async () => {
    const store = await fixture.open();
    const { id } = await store.createConversation();
    const bytes = new TextEncoder().encode('%PDF-1.4 tiny');
    const source = await store.putAttachment(bytes, { mediaType: 'application/pdf', filename: 'invoice.pdf' });
    await store.append(id, [{ role: 'user', content: [{ type: 'text', text: 'Total?' }, { type: 'file', source }] }]);
    const { body } = toOpenAIChatMessages(await resolveAttachments(store, await store.context(id)));
    expect(body.messages[0]!.content).toContainEqual({
      type: 'file', file: { file_data: `data:application/pdf;base64,${btoa('%PDF-1.4 tiny')}`, filename: 'invoice.pdf' },
    } satisfies ChatCompletionContentPart);
  });
});
