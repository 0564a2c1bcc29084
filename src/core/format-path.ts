/** `['messages', 1, 'content', 0, 'text']` → `messages[1].content[0].text`. @internal */
export function formatPath(path: readonly (string | number)[]): string {
  if (path.length === 0) return '(root)';
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`)).join('');
}
