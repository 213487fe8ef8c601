// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { usePagedFilters } from './usePagedFilters';

describe('usePagedFilters', () => {
  it('pages at 10 a page and goes back to page 1 when a filter changes, keeping the others', () => {
    const { result } = renderHook(
      () => usePagedFilters<{ status: string; keyword: string }>({ status: 'all', keyword: '' }),
      // Every list of the console is under the router (a list may keep its page in the address).
      { wrapper: ({ children }: { children: ReactNode }) => createElement(MemoryRouter, null, children) },
    );
    expect(result.current.pager).toMatchObject({ current: 1, pageSize: 10 });
    act(() => result.current.pager.onPage(3));
    expect(result.current.pageIndex).toBe(3);
    act(() => result.current.setFilter('keyword', '王'));
    expect(result.current.pageIndex).toBe(1);
    expect(result.current.filters).toEqual({ status: 'all', keyword: '王' });
  });
});
