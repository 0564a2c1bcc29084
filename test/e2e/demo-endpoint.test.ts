// The demo against an OpenAI-compatible endpoint (a local fake): settings in the dialog,
// streamed replies, tool calls through the same path, errors shown, and a context overflow
// turned into a "Compact this chat" suggestion that compacts with the model.
import { describe, expect, it } from 'vitest';
import { useDemoEnvironment } from './support/demo-environment.js';
import { DESKTOP, newContext } from './support/browser.js';
import { MODEL_SUMMARY, startFakeOpenAIServer } from './support/fake-openai-server.js';
import { FAKE_ENCRYPTED_REASONING } from './support/fake-responses-route.js';
import { byTestId, messages, openDemo, screenshot, sendAndWait, waitForNotice, waitForReady } from './support/demo-page.js';
import { onDemoPage } from './support/demo-session.js';
import { useEndpoint } from './support/endpoint-settings.js';
import { useStarted } from './support/use-started.js';

const demo = useDemoEnvironment();

const endpoint = useStarted('fake OpenAI endpoint', () => startFakeOpenAIServer());

describe('demo: OpenAI-compatible endpoint', () => {
  it('streams replies and runs tool calls through the endpoint; overflow suggests compacting', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await useEndpoint(page, { baseUrl: endpoint.baseUrl, model: 'fake-model', apiKey: 'sk-test-123' });

      await sendAndWait(page, 'Hello endpoint');
      expect(await messages(page, 'assistant').innerText()).toContain('Echo from the endpoint: Hello endpoint');
      const first = endpoint.requests.at(-1)!;
      expect(first.authorization).toBe('Bearer sk-test-123');
      expect(first.body.model).toBe('fake-model');
      expect(first.body.stream).toBe(true);
      // The system prompt is set per request from the settings, never taken from the history.
      expect(first.body.messages[0]).toMatchObject({ role: 'system' });
      expect(first.body.messages.slice(1)).toEqual([{ role: 'user', content: 'Hello endpoint' }]);
      expect(first.body.tools?.length).toBe(2);

      await sendAndWait(page, 'What is the weather like?');
      expect(await byTestId(page, 'tool-call').getAttribute('data-tool')).toBe('get_weather');
      expect(await byTestId(page, 'tool-call').locator('[data-role="tool"]').innerText()).toContain('Bergen');
      expect(await messages(page, 'assistant').last().innerText()).toContain('The tool said:');
      // The tool result went back to the endpoint right after the call, in OpenAI's shape.
      const followUp = endpoint.requests.at(-1)!.body.messages;
      expect(followUp.at(-2)).toMatchObject({ role: 'assistant', tool_calls: [expect.objectContaining({ type: 'function' })] });
      expect(followUp.at(-1)).toMatchObject({ role: 'tool', tool_call_id: expect.stringMatching(/^call_fake_/) });

      // Survives a reload, with the endpoint still selected.
      await page.reload();
      await waitForReady(page);
      expect(await page.locator('.chat-subtitle').innerText()).toContain('fake-model');

      await sendAndWait(page, 'Now overflow please');
      // Told under the unanswered message, in this chat, with Retry and Compact.
      expect(await byTestId(page, 'turn-failure').innerText()).toMatch(/too long for the model/);
      await screenshot(page, 'desktop-endpoint-overflow');
      await page.getByRole('button', { name: 'Compact this chat' }).click();
      await expect.poll(() => byTestId(page, 'compaction').count()).toBe(1);
      expect(await byTestId(page, 'compaction').innerText()).toContain(MODEL_SUMMARY);
      const summaryRequest = endpoint.requests.at(-1)!.body;
      expect(summaryRequest.stream).toBe(false);
      expect(summaryRequest.messages[0]?.role).toBe('system');
      expect(watch.errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    });
  });

  it('speaks the Responses API when chosen: stateless requests that send reasoning back in place before the call', async () => {
    await onDemoPage(demo, async ({ page, watch }) => {
      await useEndpoint(page, { baseUrl: endpoint.baseUrl, model: 'fake-responses-model', api: 'responses' });

      await sendAndWait(page, 'Hello responses');
      expect(await messages(page, 'assistant').innerText()).toContain('Echo from the Responses endpoint: Hello responses');
      const first = endpoint.requests.at(-1)!;
      expect(first.path).toBe('/v1/responses');
      expect(first.responses).toMatchObject({ model: 'fake-responses-model', stream: true, store: false, include: ['reasoning.encrypted_content'] });
      // The system prompt goes as instructions, never into the input.
      expect(first.responses!.instructions).toMatch(/helpful assistant/);
      expect(first.responses!.input).toEqual([{ type: 'message', role: 'user', content: 'Hello responses' }]);
      expect(first.responses!.tools).toContainEqual(expect.objectContaining({ type: 'function', name: 'get_weather' }));

      await sendAndWait(page, 'What is the weather like?');
      expect(await byTestId(page, 'tool-call').getAttribute('data-tool')).toBe('get_weather');
      expect(await messages(page, 'assistant').last().innerText()).toContain('The tool said:');
      // Stateless: the whole context went back, the earlier answer as its message item, then the
      // reasoning item (with its encrypted content), the call it preceded, and the call's output.
      const input = endpoint.requests.at(-1)!.responses!.input as Record<string, unknown>[];
      expect(input.map((item) => item.type)).toEqual(['message', 'message', 'message', 'reasoning', 'function_call', 'function_call_output']);
      expect(input[1]).toMatchObject({ role: 'assistant', id: expect.stringMatching(/^msg_fake_/), status: 'completed' });
      expect(input[3]).toMatchObject({ id: expect.stringMatching(/^rs_fake_/), encrypted_content: FAKE_ENCRYPTED_REASONING });
      expect(input[4]).toMatchObject({ call_id: expect.stringMatching(/^call_fake_/), id: expect.stringMatching(/^fc_fake_/), name: 'get_weather' });
      expect(input[5]).toMatchObject({ call_id: input[4]!.call_id, output: expect.stringContaining('Bergen') });

      // The choice survives a reload.
      await page.reload();
      await waitForReady(page);
      await byTestId(page, 'settings').click();
      expect(await byTestId(page, 'endpoint-api').inputValue()).toBe('responses');
      await screenshot(page, 'desktop-endpoint-responses-settings');
      expect(watch.errors).toEqual([]);
    });
  });

  it('shows an unreachable endpoint as an error and keeps the chat usable', async () => {
    const context = await newContext(demo.browser, DESKTOP);
    try {
      const page = await context.newPage();
      await page.addInitScript(() => {
        localStorage.setItem('convolog-demo.settings', JSON.stringify({
          mode: 'endpoint', baseUrl: 'http://127.0.0.1:9/v1', model: 'nowhere', apiKey: '',
        }));
      });
      await openDemo(page, demo.server.origin);
      await sendAndWait(page, 'Anyone there?');
      const failure = await byTestId(page, 'turn-failure').innerText();
      expect(failure).toMatch(/The endpoint returned an error|Could not reach/i);
      expect(failure).toContain('Could not reach http://127.0.0.1:9/v1/chat/completions');
      // The user's message is stored; no half reply was.
      expect(await messages(page, 'user').count()).toBe(1);
      expect(await messages(page, 'assistant').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
