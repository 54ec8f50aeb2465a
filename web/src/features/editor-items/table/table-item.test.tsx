import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { produce, type Draft } from 'immer';
import { MIN_COL_WIDTH, newSectionItem, type SectionItemOf } from '@pocketguide/contracts';
import { countingIds, renderWithI18n } from '../test-support.tsx';
import { CELL_EDIT_DEBOUNCE_MS } from './table-cell.tsx';
import { TableItem } from './table-item.tsx';

type Table = SectionItemOf<'table'>;

/** A table item whose edits are applied (immer) and recorded with their labels. */
function Harness({
  initial,
  onEdited,
}: {
  initial: Table;
  onEdited?: (table: Table, label: string | undefined) => void;
}) {
  const [item, setItem] = useState(initial);
  return (
    <TableItem
      item={item}
      editable
      active
      onActivate={() => {}}
      ids={countingIds()}
      onEdit={(recipe: (draft: Draft<Table>) => void, label?: string) => {
        const next = produce(item, recipe);
        setItem(next);
        onEdited?.(next, label);
      }}
    />
  );
}

const table = (rows: number, cols: number): Table => newSectionItem('table', countingIds(), { rows, cols });

afterEach(() => {
  vi.useRealTimers();
});

describe('table item', () => {
  it('a selected cell shows row and column controls; the last row and column cannot be removed', () => {
    let latest = table(1, 2);
    renderWithI18n(<Harness initial={latest} onEdited={(next) => (latest = next)} />);
    expect(screen.queryByRole('toolbar', { name: 'Table rows and columns' })).toBeNull();
    fireEvent.focus(screen.getByLabelText('Row 1, column 1'));
    const removeRow = screen.getByRole('button', { name: 'Remove row' }) as HTMLButtonElement;
    expect(removeRow.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove column' }));
    expect(latest.cols).toBe(1);
    expect(latest.content).toEqual([['']]);
    expect((screen.getByRole('button', { name: 'Remove column' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('inserts rows and columns next to the selected cell (a new column is 100 px)', () => {
    let latest = table(2, 2);
    renderWithI18n(<Harness initial={latest} onEdited={(next) => (latest = next)} />);
    fireEvent.focus(screen.getByLabelText('Row 1, column 2'));
    fireEvent.click(screen.getByRole('button', { name: 'Insert row below' }));
    expect(latest.rows).toBe(3);
    fireEvent.click(screen.getByRole('button', { name: 'Insert column right' }));
    expect(latest.cols).toBe(3);
    expect(latest.colWidths).toEqual([216, 216, 100]);
    expect(latest.content.every((row) => row.length === 3)).toBe(true);
  });

  it('cell edits reach the document 300 ms after the last keystroke', () => {
    vi.useFakeTimers();
    const onEdited = vi.fn();
    renderWithI18n(<Harness initial={table(2, 2)} onEdited={onEdited} />);
    const cell = screen.getByLabelText('Row 2, column 1');
    fireEvent.focus(cell);
    fireEvent.change(cell, { target: { value: 'Jeju' } });
    act(() => {
      vi.advanceTimersByTime(CELL_EDIT_DEBOUNCE_MS - 100);
    });
    fireEvent.change(cell, { target: { value: 'Jeju-si' } });
    act(() => {
      vi.advanceTimersByTime(CELL_EDIT_DEBOUNCE_MS - 1);
    });
    expect(onEdited).not.toHaveBeenCalled();
    expect((cell as HTMLTextAreaElement).value).toBe('Jeju-si');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onEdited).toHaveBeenCalledTimes(1);
    const [next, label] = onEdited.mock.calls[0]!;
    expect((next as Table).content[1]).toEqual(['Jeju-si', '']);
    expect(label).toBe('typing');
  });

  it('leaving a cell saves at once', () => {
    vi.useFakeTimers();
    const onEdited = vi.fn();
    renderWithI18n(<Harness initial={table(1, 1)} onEdited={onEdited} />);
    const cell = screen.getByLabelText('Row 1, column 1');
    fireEvent.change(cell, { target: { value: 'Busan' } });
    fireEvent.blur(cell);
    expect(onEdited).toHaveBeenCalledTimes(1);
  });

  it('dragging a border resizes against the neighbour: the total stays, 40 px at least', () => {
    let latest = table(1, 3);
    const total = latest.colWidths.reduce((sum, width) => sum + width, 0);
    renderWithI18n(<Harness initial={latest} onEdited={(next) => (latest = next)} />);
    const border = screen.getByRole('separator', { name: 'Resize column 1' });
    fireEvent.pointerDown(border, { button: 0, clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(border, { clientX: 130, pointerId: 1 });
    fireEvent.pointerUp(border, { clientX: 130, pointerId: 1 });
    expect(latest.colWidths).toEqual([174, 114, 144]);
    expect(latest.colWidths.reduce((sum, width) => sum + width, 0)).toBe(total);

    fireEvent.pointerDown(border, { button: 0, clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(border, { clientX: -500, pointerId: 1 });
    fireEvent.pointerUp(border, { clientX: -500, pointerId: 1 });
    expect(latest.colWidths[0]).toBe(MIN_COL_WIDTH);
    expect(latest.colWidths.reduce((sum, width) => sum + width, 0)).toBe(total);
  });

  it('the border also moves with the arrow keys', () => {
    let latest = table(1, 2);
    renderWithI18n(<Harness initial={latest} onEdited={(next) => (latest = next)} />);
    const border = screen.getByRole('separator', { name: 'Resize column 1' });
    fireEvent.keyDown(border, { key: 'ArrowRight' });
    expect(latest.colWidths).toEqual([224, 208]);
    expect(border.getAttribute('aria-valuenow')).toBe('224');
  });

  it('readers see plain cells without controls', () => {
    const item = produce(table(1, 2), (draft) => {
      draft.content[0] = ['Place', 'Jeju'];
    });
    renderWithI18n(
      <TableItem
        item={item}
        editable={false}
        active={false}
        onActivate={() => {}}
        onEdit={() => {}}
        ids={countingIds()}
      />,
    );
    expect(screen.getByRole('cell', { name: 'Jeju' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('separator')).toBeNull();
  });
});
