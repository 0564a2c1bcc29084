// The sidebar as a drawer on phones: modal while open. Opening it moves focus into it; Tab and
// Shift+Tab cycle inside it (the chat behind is inert); Escape or the backdrop closes it and
// focus goes back to the menu button that opened it. On a wide screen the sidebar is always
// shown and none of this applies.

/** Where the layout turns the sidebar into a drawer (the `max-width: 760px` rules of styles.css). */
const DRAWER_QUERY = '(max-width: 760px)';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The drawer over `sidebar`, toggled by `toggle`, covering `behind`. */
export class SidebarDrawer {
  private readonly query = window.matchMedia(DRAWER_QUERY);

  constructor(
    private readonly shell: HTMLElement,
    private readonly sidebar: HTMLElement,
    private readonly behind: HTMLElement,
    private readonly toggle: HTMLElement,
  ) {
    sidebar.id ||= 'sidebar';
    toggle.setAttribute('aria-controls', sidebar.id);
    toggle.setAttribute('aria-expanded', 'false');
    sidebar.addEventListener('keydown', (event) => this.onKeyDown(event));
    // Turning the phone (or widening the window) past the breakpoint ends the modal state.
    this.query.addEventListener('change', () => this.close());
  }

  /** Whether the sidebar is a drawer now (a narrow screen). */
  get isDrawer(): boolean {
    return this.query.matches;
  }

  get isOpen(): boolean {
    return this.shell.classList.contains('sidebar-open');
  }

  /** Opens the drawer and focuses `focus` (else the first control in it). */
  open(focus?: HTMLElement): void {
    this.shell.classList.add('sidebar-open');
    if (!this.isDrawer) {
      focus?.focus();
      return;
    }
    this.behind.inert = true;
    this.toggle.setAttribute('aria-expanded', 'true');
    (focus ?? this.focusables()[0])?.focus();
  }

  /**
   * Closes the drawer. Focus that was in it goes to `focusTarget` (a hidden drawer cannot hold
   * it); without one it stays where it is.
   */
  close(focusTarget?: HTMLElement): void {
    const hadFocus = this.sidebar.contains(document.activeElement);
    const wasModal = this.behind.inert;
    this.shell.classList.remove('sidebar-open');
    this.behind.inert = false;
    this.toggle.setAttribute('aria-expanded', 'false');
    if (wasModal && hadFocus && focusTarget !== undefined) focusTarget.focus({ preventScroll: true });
  }

  /** Opens a closed drawer, closes an open one (focus back on the toggle). */
  flip(): void {
    if (this.isOpen) this.close(this.toggle);
    else this.open();
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (!this.isDrawer || !this.isOpen) return;
    if (event.key === 'Escape' && !event.defaultPrevented) {
      // The search field uses Escape to clear itself first (it calls preventDefault then).
      event.preventDefault();
      this.close(this.toggle);
      return;
    }
    if (event.key !== 'Tab') return;
    const focusables = this.focusables();
    const first = focusables[0];
    const last = focusables.at(-1);
    if (first === undefined || last === undefined) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  private focusables(): HTMLElement[] {
    return [...this.sidebar.querySelectorAll<HTMLElement>(FOCUSABLE)]
      .filter((element) => element.getClientRects().length > 0 && !element.closest('[hidden]'));
  }
}
