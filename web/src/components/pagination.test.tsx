import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../testing/i18n.ts';
import { pageItems, Pagination, type PageItem } from './pagination.tsx';

/** The row as text: page numbers and '…'. */
const row = (items: PageItem[]) => items.map((item) => (item.type === 'page' ? String(item.page) : '…')).join(' ');

describe('pageItems: first, last, current ±2, ellipses', () => {
  it('one page, and few enough pages to show them all', () => {
    expect(row(pageItems(1, 1))).toBe('1');
    expect(row(pageItems(1, 5))).toBe('1 2 3 4 5');
    expect(row(pageItems(3, 5))).toBe('1 2 3 4 5');
    expect(row(pageItems(4, 7))).toBe('1 2 3 4 5 6 7');
  });

  it('an ellipsis on the far side at the start and at the end', () => {
    expect(row(pageItems(1, 10))).toBe('1 2 3 … 10');
    expect(row(pageItems(2, 10))).toBe('1 2 3 4 … 10');
    expect(row(pageItems(10, 10))).toBe('1 … 8 9 10');
    expect(row(pageItems(9, 10))).toBe('1 … 7 8 9 10');
  });

  it('ellipses on both sides in the middle', () => {
    expect(row(pageItems(6, 12))).toBe('1 … 4 5 6 7 8 … 12');
    expect(row(pageItems(50, 100))).toBe('1 … 48 49 50 51 52 … 100');
  });

  it('a gap of one page shows that page rather than an ellipsis', () => {
    expect(row(pageItems(5, 10))).toBe('1 2 3 4 5 6 7 … 10');
    expect(row(pageItems(6, 10))).toBe('1 … 4 5 6 7 8 9 10');
  });

  it('keeps an out-of-range page inside the row', () => {
    expect(row(pageItems(0, 4))).toBe('1 2 3 4');
    expect(row(pageItems(9, 20))).toBe('1 … 7 8 9 10 11 … 20');
    expect(row(pageItems(30, 20))).toBe('1 … 18 19 20');
  });

  it('narrow screens keep ±1', () => {
    expect(row(pageItems(6, 12, 1))).toBe('1 … 5 6 7 … 12');
    expect(row(pageItems(3, 12, 1))).toBe('1 2 3 4 … 12');
  });
});

function renderPagination(page: number, pageCount: number, language: 'ko' | 'en' = 'en') {
  const onPageChange = vi.fn();
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <Pagination page={page} pageCount={pageCount} onPageChange={onPageChange} />
    </I18nextProvider>,
  );
  return onPageChange;
}

describe('Pagination', () => {
  it('is a navigation landmark with the current page marked, and moves by page, previous, next, first and last', () => {
    const onPageChange = renderPagination(6, 12);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Page 5' }).getAttribute('aria-current')).toBeNull();

    fireEvent.click(within(nav).getByRole('button', { name: 'Page 8' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'Previous page' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'Next page' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'First page' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'Last page' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'Page 6' })); // the current page: nothing to do
    expect(onPageChange.mock.calls.map(([page]) => page)).toEqual([8, 5, 7, 1, 12]);
  });

  it('switches off First and previous on the first page, Last and next on the last', () => {
    renderPagination(1, 3);
    const disabled = (name: string) => (screen.getByRole('button', { name }) as HTMLButtonElement).disabled;
    expect([disabled('First page'), disabled('Previous page'), disabled('Next page'), disabled('Last page')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('speaks Korean', () => {
    renderPagination(3, 3, 'ko');
    expect(screen.getByRole('navigation', { name: '페이지 이동' })).toBeDefined();
    expect((screen.getByRole('button', { name: '다음 페이지' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: '3 페이지' }).getAttribute('aria-current')).toBe('page');
  });

  it('renders nothing for a single page', () => {
    renderPagination(1, 1);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
