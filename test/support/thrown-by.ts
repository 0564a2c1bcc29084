/**
 * What `action` throws, or `undefined` when it returns: lets a test assert on the error's fields
 * (`code`, `path`, `issues`) instead of only on its message.
 */
export function thrownBy(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
}
