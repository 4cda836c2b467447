// useFilteredPages on its own: the page asked for follows the filter and the search, and a page
// its last items left gives way to the one before it. The panels' tests cover what they show.
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AuthProvider } from '@portfolio/shared/auth';
import { setUpTestRuntimeConfig } from '@portfolio/testing';
import { makeUser, resetFirebaseMock, setCurrentUser } from '@portfolio/testing/firebase';
import { useFilteredPages } from './use-filtered-pages';
import type { PageQuery } from './use-filtered-pages';

setUpTestRuntimeConfig();

beforeEach(() => {
  resetFirebaseMock();
  setCurrentUser(makeUser({ uid: 'admin-uid', role: 'admin' }));
});

type Filter = 'all' | 'even';

/** A list of `count` names ("item 0"…), filtered, searched and paged as the API does. */
function fakeList(count: number) {
  const names = Array.from({ length: count }, (_, index) => `item ${index}`);
  return jest.fn(async (filter: Filter, page: PageQuery, _options: { token: string }) => {
    const matching = names.filter(
      (name, index) => (filter === 'all' || index % 2 === 0) && name.includes(page.query),
    );
    return {
      items: matching.slice(page.offset, page.offset + page.limit),
      total: matching.length,
    };
  });
}

const wrapper = ({ children }: { children: ReactNode }) => <AuthProvider>{children}</AuthProvider>;

function renderList(count: number) {
  const load = fakeList(count);
  const rendered = renderHook(() => useFilteredPages('all', 20, load), { wrapper });
  return { load, ...rendered };
}

/** What the last request asked for. */
const lastAsked = (load: ReturnType<typeof fakeList>) => {
  const [filter, page, options] = load.mock.calls.at(-1) ?? [];
  return { filter, ...page, token: options?.token };
};

describe('useFilteredPages', () => {
  it("asks a page at a time with the owner's token, and offers a pager only when there are more", async () => {
    const { load, result } = renderList(45);
    await waitFor(() => expect(result.current.loaded?.items).toHaveLength(20));
    expect(lastAsked(load)).toEqual({
      filter: 'all',
      limit: 20,
      offset: 0,
      query: '',
      token: 'token-admin-uid',
    });
    expect(result.current.pager).toMatchObject({ page: 0, pages: 3, hasNext: true });

    act(() => result.current.pager?.onPage(2));
    await waitFor(() => expect(result.current.loaded?.items).toHaveLength(5));
    expect(lastAsked(load)).toMatchObject({ offset: 40 });
    expect(result.current.pager).toMatchObject({ page: 2, pages: 3, hasNext: false });

    const { result: short } = renderList(3);
    await waitFor(() => expect(short.current.loaded?.items).toHaveLength(3));
    expect(short.current.pager).toBeNull();
  });

  it('starts another filter or search at its first page; the filter shown keeps its page', async () => {
    const { load, result } = renderList(45);
    await waitFor(() => expect(result.current.loaded).not.toBeNull());
    act(() => result.current.setPage(1));
    await waitFor(() => expect(lastAsked(load)).toMatchObject({ offset: 20 }));

    act(() => result.current.setFilter('all'));
    expect(result.current.page).toBe(1);
    act(() => result.current.setFilter('even'));
    expect(result.current.page).toBe(0);
    await waitFor(() => expect(lastAsked(load)).toMatchObject({ filter: 'even', offset: 0 }));

    act(() => result.current.setPage(1));
    act(() => result.current.setTyped(' item 1 '));
    // Asked once the typing settles, trimmed, from the first page.
    expect(result.current.page).toBe(1);
    await waitFor(() => expect(result.current.query).toBe('item 1'));
    expect(result.current.page).toBe(0);
    await waitFor(() =>
      expect(lastAsked(load)).toMatchObject({ filter: 'even', offset: 0, query: 'item 1' }),
    );
  });

  it('goes to the page before when the last items of a later page leave it, else reads it again', async () => {
    const { load, result } = renderList(21);
    await waitFor(() => expect(result.current.loaded).not.toBeNull());
    act(() => result.current.setPage(1));
    await waitFor(() => expect(result.current.loaded?.items).toEqual(['item 20']));

    act(() => result.current.removed());
    await waitFor(() => expect(result.current.page).toBe(0));
    await waitFor(() => expect(lastAsked(load)).toMatchObject({ offset: 0 }));

    const asked = load.mock.calls.length;
    act(() => result.current.removed());
    await waitFor(() => expect(load).toHaveBeenCalledTimes(asked + 1));
    expect(result.current.page).toBe(0);
    expect(lastAsked(load)).toMatchObject({ offset: 0 });
  });
});
