// The settings dialog (a native <dialog>): which assistant answers, the endpoint, and storage.
import { h, icon } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';
import { DEFAULT_SETTINGS, DEFAULT_SYSTEM_PROMPT, isPercent, isWindow, type DemoSettings } from '../model/settings.js';
import { endpointApiSelect, readEndpointApi } from './endpoint-api-field.js';
import type { StoragePanel } from './storage-panel.js';

/** The settings dialog. */
export class SettingsDialog {
  readonly element: HTMLDialogElement;
  private readonly form: HTMLFormElement;
  private readonly fields: {
    offline: HTMLInputElement; endpoint: HTMLInputElement; api: HTMLSelectElement; baseUrl: HTMLInputElement;
    model: HTMLInputElement; apiKey: HTMLInputElement; systemPrompt: HTMLTextAreaElement;
    contextWindow: HTMLInputElement; autoCompact: HTMLInputElement;
  };
  private readonly endpointFields: HTMLElement;

  constructor(
    private readonly storagePanel: StoragePanel,
    private readonly onSave: (settings: DemoSettings) => void,
    extraSections: readonly HTMLElement[] = [],
  ) {
    const radio = (value: string, testId: string): HTMLInputElement =>
      h('input', { testId, attrs: { type: 'radio', name: 'mode', value } });
    this.fields = {
      offline: radio('offline', 'mode-offline'),
      endpoint: radio('endpoint', 'mode-endpoint'),
      api: endpointApiSelect(),
      baseUrl: h('input', { testId: 'base-url', attrs: { type: 'url', name: 'baseUrl', placeholder: 'https://api.openai.com/v1', spellcheck: false } }),
      model: h('input', { testId: 'model', attrs: { type: 'text', name: 'model', placeholder: 'gpt-4o-mini', spellcheck: false } }),
      apiKey: h('input', { testId: 'api-key', attrs: { type: 'password', name: 'apiKey', placeholder: 'sk-… (optional for local servers)', autocomplete: 'off' } }),
      systemPrompt: h('textarea', { attrs: { name: 'systemPrompt', rows: 3 } }),
      contextWindow: h('input', { testId: 'context-window', attrs: { type: 'number', name: 'contextWindow', min: 256, max: 10_000_000, step: 1, required: true } }),
      autoCompact: h('input', { testId: 'auto-compact', attrs: { type: 'number', name: 'autoCompactPercent', min: 0, max: 100, step: 1, required: true } }),
    };
    const field = (label: string, control: HTMLElement, hint?: string): HTMLElement =>
      h('label', { className: 'field' }, h('span', { className: 'field-label', text: label }), control,
        hint ? h('span', { className: 'field-hint', text: hint }) : null);
    this.endpointFields = h('div', { className: 'endpoint-fields' },
      field('Base URL', this.fields.baseUrl, 'OpenAI, OpenRouter, llama.cpp, Ollama or vLLM: anything that speaks /chat/completions (or /responses).'),
      field('API', this.fields.api, 'Responses sends the whole context with each request (store: false), reasoning items included.'),
      field('Model', this.fields.model),
      field('API key', this.fields.apiKey, 'Kept in this browser\'s localStorage and sent only to the base URL above.'));
    const choice = (input: HTMLInputElement, title: string, text: string): HTMLElement =>
      h('label', { className: 'choice' }, input, h('span', { className: 'choice-text' },
        h('strong', { text: title }), h('span', { text })));
    this.form = h('form', { className: 'settings-form', attrs: { method: 'dialog' } },
      h('div', { className: 'dialog-head' },
        h('h2', { text: 'Settings' }),
        h('button', { className: 'icon-button', attrs: { type: 'button', 'aria-label': 'Close' }, on: { click: () => this.element.close() } },
          icon(ICONS.close))),
      h('section', { className: 'settings-section' },
        h('h3', { text: 'Assistant' }),
        h('div', { className: 'choices' },
          choice(this.fields.offline, 'Offline assistant', 'Built in, deterministic, no network. Uses weather and calculator tools.'),
          choice(this.fields.endpoint, 'OpenAI-compatible endpoint', 'Streams from a server you choose; tool calls run here.')),
        this.endpointFields,
        field('System prompt', this.fields.systemPrompt, 'Sent with every request; never stored in the chat history.')),
      h('section', { className: 'settings-section' },
        h('h3', { text: 'Context' }),
        h('div', { className: 'field-row' },
          field('Context window (tokens)', this.fields.contextWindow, 'The model\'s limit, e.g. 128000. The header\'s meter measures against it.'),
          field('Auto-compact at (%)', this.fields.autoCompact, 'Before a turn that would pass this share of the window, the chat is compacted first. 0 turns it off.'))),
      storagePanel.element,
      ...extraSections,
      h('div', { className: 'dialog-actions' },
        h('button', { className: 'btn btn-ghost', text: 'Cancel', attrs: { type: 'button' }, on: { click: () => this.element.close() } }),
        h('button', { className: 'btn btn-primary', text: 'Save', testId: 'save-settings', attrs: { type: 'submit' } })));
    this.form.addEventListener('change', () => this.updateVisibility());
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.onSave(this.read());
      this.element.close();
    });
    this.element = h('dialog', { className: 'dialog settings-dialog', attrs: { 'aria-label': 'Settings' } }, this.form);
    this.element.addEventListener('click', (event) => {
      if (event.target === this.element) this.element.close(); // a click on the backdrop
    });
  }

  /** Opens the dialog showing `settings`. */
  open(settings: DemoSettings): void {
    this.fields.offline.checked = settings.mode === 'offline';
    this.fields.endpoint.checked = settings.mode === 'endpoint';
    this.fields.api.value = settings.api;
    this.fields.baseUrl.value = settings.baseUrl;
    this.fields.model.value = settings.model;
    this.fields.apiKey.value = settings.apiKey;
    this.fields.systemPrompt.value = settings.systemPrompt;
    this.fields.contextWindow.value = String(settings.contextWindow);
    this.fields.autoCompact.value = String(settings.autoCompactPercent);
    this.updateVisibility();
    void this.storagePanel.refresh();
    this.element.showModal();
  }

  private read(): DemoSettings {
    return {
      mode: this.fields.endpoint.checked ? 'endpoint' : 'offline',
      api: readEndpointApi(this.fields.api),
      baseUrl: this.fields.baseUrl.value.trim(),
      model: this.fields.model.value.trim(),
      apiKey: this.fields.apiKey.value.trim(),
      systemPrompt: this.fields.systemPrompt.value.trim() || DEFAULT_SYSTEM_PROMPT,
      contextWindow: numberOr(this.fields.contextWindow.value, isWindow, DEFAULT_SETTINGS.contextWindow),
      autoCompactPercent: numberOr(this.fields.autoCompact.value, isPercent, DEFAULT_SETTINGS.autoCompactPercent),
    };
  }

  private updateVisibility(): void {
    this.endpointFields.classList.toggle('is-disabled', !this.fields.endpoint.checked);
    for (const input of [this.fields.api, this.fields.baseUrl, this.fields.model, this.fields.apiKey]) input.disabled = !this.fields.endpoint.checked;
  }
}

function numberOr(text: string, accept: (value: unknown) => value is number, fallback: number): number {
  const value = Number(text.trim());
  return text.trim() !== '' && accept(value) ? value : fallback;
}
