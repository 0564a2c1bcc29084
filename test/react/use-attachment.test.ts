// @vitest-environment happy-dom
// useAttachment (DESIGN §18 "Ecosystem"): one object URL per attachment however many components
// show it, revoked when the last of them unmounts, never while one still shows it.
import { cleanup, render, renderHook, waitFor } from '@testing-library/react';
import { createElement, StrictMode, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAttachment } from '../../src/react/index.js';
import type { ConvologStore } from '../../src/store/index.js';
import { storeFixture } from '../store/store-fixture.js';
import { withStore } from './react-fixture.js';

const fixture = storeFixture();

// What became of each object URL made: created with which blob, revoked or not.
let made: { url: string; blob: Blob; revoked: boolean }[] = [];
beforeEach(() => {
  made = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${made.length}`;
    made.push({ url, blob: blob as Blob, revoked: false });
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => {
    const entry = made.find((candidate) => candidate.url === url);
    if (entry !== undefined) entry.revoked = true;
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function stored(): Promise<{ store: ConvologStore; id: string }> {
  const store = await fixture.open();
  const { id } = await store.putAttachment(new Uint8Array([137, 80, 78, 71]), { mediaType: 'image/png', filename: 'dot.png' });
  return { store, id };
}

function Picture({ id }: { id: string }): ReactNode {
  const { url, status } = useAttachment(id);
  return createElement('img', { 'data-status': status, src: url });
}

const settled = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('useAttachment', () => {
  it('is loading, then ready with an object URL of the stored bytes', async () => {
    const { store, id } = await stored();
    const { result } = renderHook(() => useAttachment(id), { wrapper: withStore(store) });
    expect(result.current).toStrictEqual({ status: 'loading' });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.url).toBe('blob:test/0');
    expect(made).toHaveLength(1);
    expect(made[0]!.blob.type).toBe('image/png');
    expect([...new Uint8Array(await made[0]!.blob.arrayBuffer())]).toStrictEqual([137, 80, 78, 71]);
  });

  it('shares one URL between the components showing it, and revokes it when the last one unmounts', async () => {
    const { store, id } = await stored();
    const Two = ({ both }: { both: boolean }): ReactNode => createElement('div', null, createElement(Picture, { id }), both ? createElement(Picture, { id }) : null);
    const Wrapper = withStore(store);
    const view = render(createElement(Wrapper, null, createElement(Two, { both: true })));
    await waitFor(() => expect([...view.container.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toStrictEqual(['blob:test/0', 'blob:test/0']));
    view.rerender(createElement(Wrapper, null, createElement(Two, { both: false })));
    await settled();
    expect(made.map((entry) => entry.revoked)).toStrictEqual([false]);
    view.unmount();
    await settled();
    expect(made.map((entry) => entry.revoked)).toStrictEqual([true]);
  });

  it('keeps its one URL through StrictMode\'s unmount and remount, reading the bytes once', async () => {
    const { store, id } = await stored();
    const read = vi.spyOn(store, 'getAttachment');
    const view = render(createElement(StrictMode, null, createElement(withStore(store), null, createElement(Picture, { id }))));
    await waitFor(() => expect(view.container.querySelector('img')!.getAttribute('data-status')).toBe('ready'));
    await settled();
    expect(made.map((entry) => [entry.url, entry.revoked])).toStrictEqual([['blob:test/0', false]]);
    expect(view.container.querySelector('img')!.getAttribute('src')).toBe('blob:test/0');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('makes no URL when unmounted before the bytes are read', async () => {
    const { store, id } = await stored();
    const view = render(createElement(withStore(store), null, createElement(Picture, { id })));
    view.unmount();
    await settled();
    await store.getAttachment(id);
    await settled();
    expect(made).toStrictEqual([]);
  });

  it('is an error with not_found for an attachment that is not stored', async () => {
    const store = await fixture.open();
    const { result } = renderHook(() => useAttachment('0'.repeat(64)), { wrapper: withStore(store) });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toMatchObject({ code: 'not_found' });
    expect(result.current.url).toBeUndefined();
  });
});
