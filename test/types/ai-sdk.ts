// Compiles real `ai` calls against toModelMessages (DESIGN §14): its body, system prompt included,
// spreads into `generateText` and `streamText`. Type-checked only, never run.
import { generateText, streamText, type LanguageModel, type ModelMessage as AiModelMessage } from 'ai';
import { toModelMessages } from '../../src/adapters/index.js';
import type { Message } from '../../src/core/index.js';

export async function generated(model: LanguageModel, context: Message[]): Promise<string> {
  const result = await generateText({ model, ...toModelMessages(context, { system: 'Be brief.' }).body });
  return result.text;
}

export function streamed(model: LanguageModel, context: Message[]): AsyncIterable<string> {
  return streamText({ model, ...toModelMessages(context).body }).textStream;
}

export function messagesAreTheSdkType(context: Message[]): AiModelMessage[] {
  const { body } = toModelMessages(context);
  // @ts-expect-error the system prompt is a string, not a message: our types did not widen to `any`.
  const system: AiModelMessage[] = body.system;
  void system;
  return body.messages;
}
