// Compiles real `@google/genai` calls against our adapters (DESIGN §14): the contents and system
// instruction go into `models.generateContent` / `generateContentStream`, the SDK's
// `GenerateContentResponse` goes into `fromGeminiResponse` and the accumulator, with no casts.
// Type-checked only, never run.
import type { Content, GenerateContentResponse, GoogleGenAI } from '@google/genai';
import { fromGeminiResponse, GeminiStreamAccumulator, toGeminiContents } from '../../src/adapters/index.js';
import type { ConvertedResponse, FinishedTurn } from '../../src/adapters/index.js';
import type { Message } from '../../src/core/index.js';

export async function createdTurn(ai: GoogleGenAI, context: Message[]): Promise<ConvertedResponse> {
  const { contents, systemInstruction } = toGeminiContents(context, { system: 'Be brief.' }).body;
  const response = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents, config: { systemInstruction } });
  return fromGeminiResponse(response);
}

export async function streamedTurn(ai: GoogleGenAI, context: Message[]): Promise<FinishedTurn> {
  const { contents, systemInstruction } = toGeminiContents(context).body;
  const accumulator = new GeminiStreamAccumulator();
  for await (const chunk of await ai.models.generateContentStream({ model: 'gemini-2.5-flash', contents, config: { systemInstruction } })) {
    accumulator.push(chunk);
  }
  return accumulator.finish();
}

export function sdkValues(response: GenerateContentResponse, context: Message[]): void {
  fromGeminiResponse(response);
  new GeminiStreamAccumulator().push(response);
  const contents: Content[] = toGeminiContents(context).body.contents;
  void contents;
  // Plain parsed JSON still goes in.
  new GeminiStreamAccumulator().push({ candidates: [{ content: { role: 'model', parts: [{ text: 'x' }] }, finishReason: 'STOP' }] });
  // @ts-expect-error candidates is an array: our types did not widen to `any`.
  new GeminiStreamAccumulator().push({ candidates: 'STOP' });
}
