/**
 * Issues several requests of one transaction and waits for all of them. Every request promise
 * gets a handler the moment it exists, so when issuing throws part-way (the transaction aborted
 * under us) the requests already issued never surface as unhandled rejections; the throw then
 * propagates and the caller's transaction is aborted.
 * @internal
 */
export async function awaitRequests(issue: (track: (request: Promise<unknown>) => void) => void): Promise<void> {
  const pending: Promise<unknown>[] = [];
  issue((request) => {
    request.catch(() => undefined);
    pending.push(request);
  });
  await Promise.all(pending);
}
