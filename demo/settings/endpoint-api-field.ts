// The settings field that picks the API an OpenAI-compatible endpoint speaks.
import { h } from '../shared/dom.js';
import type { EndpointApi } from '../model/settings.js';

/** A select between Chat Completions and the Responses API. */
export function endpointApiSelect(): HTMLSelectElement {
  return h('select', { testId: 'endpoint-api', attrs: { name: 'api' } },
    h('option', { text: 'Chat Completions (/chat/completions)', attrs: { value: 'chat' } }),
    h('option', { text: 'Responses (/responses)', attrs: { value: 'responses' } }));
}

/** The API the select shows. */
export function readEndpointApi(select: HTMLSelectElement): EndpointApi {
  return select.value === 'responses' ? 'responses' : 'chat';
}
