// Pointing the demo at an OpenAI-compatible endpoint through its Settings dialog, as a user does:
// the same clicks in every endpoint test, so they live here once.
import type { Page } from 'playwright-core';
import { byTestId, waitForNotice } from './demo-page.js';

/** What {@link useEndpoint} types into the Settings dialog. */
export interface EndpointSettings {
  readonly baseUrl: string;
  readonly model: string;
  /** Which API the endpoint speaks; Chat Completions unless given. */
  readonly api?: 'chat' | 'responses';
  readonly apiKey?: string;
  /** The model's context window, in tokens. */
  readonly contextWindow?: number;
  /** Auto-compact past this percentage of the window. */
  readonly autoCompactPercent?: number;
}

/**
 * Switches the open demo to `settings.baseUrl` in the Settings dialog, saves, and waits for the
 * demo's confirmation that replies now come from `settings.model`.
 */
export async function useEndpoint(page: Page, settings: EndpointSettings): Promise<void> {
  await byTestId(page, 'settings').click();
  await byTestId(page, 'mode-endpoint').check();
  if (settings.api !== undefined) await byTestId(page, 'endpoint-api').selectOption(settings.api);
  await byTestId(page, 'base-url').fill(settings.baseUrl);
  await byTestId(page, 'model').fill(settings.model);
  if (settings.apiKey !== undefined) await byTestId(page, 'api-key').fill(settings.apiKey);
  if (settings.contextWindow !== undefined) await byTestId(page, 'context-window').fill(String(settings.contextWindow));
  if (settings.autoCompactPercent !== undefined) await byTestId(page, 'auto-compact').fill(String(settings.autoCompactPercent));
  await byTestId(page, 'save-settings').click();
  await waitForNotice(page, new RegExp(`Replies now come from ${settings.model}`));
}
