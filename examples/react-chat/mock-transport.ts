// A transport for useChat that answers locally, streamed, so the example runs offline. A message
// that mentions the weather gets a tool call and its output first, as a real tool loop would.
import type { ChatTransport, UIMessage, UIMessageChunk } from 'ai';

const pause = () => new Promise((resolve) => setTimeout(resolve, 15));

function answer(text: string, again: boolean): UIMessageChunk[] {
  const chunks: UIMessageChunk[] = [{ type: 'start' }];
  const city = /weather in (\w+)/i.exec(text)?.[1];
  if (city !== undefined) {
    const toolCallId = `call-${Date.now()}`;
    chunks.push(
      { type: 'start-step' },
      { type: 'tool-input-available', toolCallId, toolName: 'weather', input: { city } },
      { type: 'tool-output-available', toolCallId, output: { city, celsius: 12 } },
      { type: 'finish-step' },
    );
  }
  const reply = city === undefined ? `${again ? 'Once more, you' : 'You'} said: ${text}` : `It is 12°C in ${city}.`;
  chunks.push({ type: 'start-step' }, { type: 'text-start', id: 't' });
  for (const word of reply.split(/(?<= )/)) chunks.push({ type: 'text-delta', id: 't', delta: word });
  chunks.push({ type: 'text-end', id: 't' }, { type: 'finish-step' }, { type: 'finish' });
  return chunks;
}

/** Streams a canned answer to the last user message (another one when regenerating). */
export const mockTransport: ChatTransport<UIMessage> = {
  async sendMessages({ messages, trigger }) {
    const last = [...messages].reverse().find((message) => message.role === 'user');
    const text = last?.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('') ?? '';
    const chunks = answer(text, trigger === 'regenerate-message');
    return new ReadableStream<UIMessageChunk>({
      async pull(controller) {
        await pause();
        const chunk = chunks.shift();
        if (chunk === undefined) controller.close();
        else controller.enqueue(chunk);
      },
    });
  },
  async reconnectToStream() {
    return null;
  },
};
