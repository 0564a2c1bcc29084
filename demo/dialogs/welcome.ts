// The empty state: what the demo shows and a few prompts that exercise it.
import { h, icon } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';

const SUGGESTIONS = [
  { label: 'What\'s the weather in Lisbon?', hint: 'calls get_weather' },
  { label: 'What is 12*7?', hint: 'calls calculator' },
  { label: 'Is it raining in Oslo, and what is (17+5)*3?', hint: 'two tools at once' },
  { label: 'How does compacting a chat work?', hint: 'plain answer' },
];

/** The welcome panel; clicking a suggestion sends it. */
export function welcomeView(onSuggestion: (text: string) => void): HTMLElement {
  return h('div', { className: 'welcome' },
    h('div', { className: 'welcome-mark' }, icon(ICONS.chat)),
    h('h2', { className: 'welcome-title', text: 'Chats that stay on this device' }),
    h('p', { className: 'welcome-text', text:
      'Every message is appended to a log in this browser\'s IndexedDB. Reload or close the tab and the chat comes back; ' +
      'stop a reply mid-tool-call and it resumes cleanly; compact, export and import whole conversations.' }),
    h('div', { className: 'suggestions' }, ...SUGGESTIONS.map((suggestion) =>
      h('button', { className: 'suggestion', testId: 'suggestion', attrs: { type: 'button' }, on: { click: () => onSuggestion(suggestion.label) } },
        h('span', { className: 'suggestion-label', text: suggestion.label }),
        h('span', { className: 'suggestion-hint', text: suggestion.hint })))),
    h('p', { className: 'welcome-foot', text: 'The assistant runs offline in this page. Connect an OpenAI-compatible endpoint in Settings.' }));
}
