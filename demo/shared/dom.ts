// The only way the demo builds DOM. Text goes in through text nodes and `textContent`, never
// through `innerHTML`: stored and model content is untrusted and must show literally.

/** What `h` accepts as a child: strings become text nodes; falsy values are skipped. */
export type Child = Node | string | number | null | undefined | false;

/** Element properties `h` understands. There is deliberately no way to pass HTML. */
export interface ElementProps {
  className?: string;
  testId?: string;
  text?: string;
  title?: string;
  /** Plain attributes. Event-handler attributes (`on…`) are refused. */
  attrs?: Record<string, string | number | boolean | undefined>;
  data?: Record<string, string | undefined>;
  on?: Partial<{ [K in keyof HTMLElementEventMap]: (event: HTMLElementEventMap[K]) => void }>;
}

/**
 * Creates an element with text children only.
 * @example h('p', { className: 'hint' }, 'Stored only in this browser')
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: ElementProps = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  applyProps(element, props);
  append(element, children);
  return element;
}

/** Appends children, turning strings into text nodes. */
export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' || typeof child === 'number'
      ? document.createTextNode(String(child))
      : child);
  }
}

/** Replaces every child of `parent`. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

function applyProps(element: HTMLElement, props: ElementProps): void {
  if (props.className !== undefined) element.className = props.className;
  if (props.testId !== undefined) element.dataset.testid = props.testId;
  if (props.text !== undefined) element.textContent = props.text;
  if (props.title !== undefined) element.title = props.title;
  for (const [name, value] of Object.entries(props.attrs ?? {})) setAttribute(element, name, value);
  for (const [name, value] of Object.entries(props.data ?? {})) {
    if (value !== undefined) element.dataset[name] = value;
  }
  for (const [type, listener] of Object.entries(props.on ?? {})) {
    if (listener) element.addEventListener(type, listener as EventListener);
  }
}

function setAttribute(element: Element, name: string, value: string | number | boolean | undefined): void {
  // An inline handler would execute text as code: the one thing this module exists to prevent.
  if (/^on/i.test(name)) throw new Error(`Refusing to set the event-handler attribute ${name}`);
  if (value === undefined || value === false) return;
  element.setAttribute(name, value === true ? '' : String(value));
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An inline SVG icon from the demo's own static path data (never from content). */
export function icon(paths: readonly string[], className = 'icon'): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', className);
  for (const d of paths) {
    const path = document.createElementNS(SVG_NS, 'path');
    path.setAttribute('d', d);
    svg.appendChild(path);
  }
  return svg;
}
