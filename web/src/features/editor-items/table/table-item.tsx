import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { current, type Draft } from 'immer';
import { BetweenHorizontalEnd, BetweenHorizontalStart, BetweenVerticalEnd, BetweenVerticalStart, Minus } from 'lucide-react';
import {
  fitColumnWidths,
  insertTableColumn,
  insertTableRow,
  removeTableColumn,
  removeTableRow,
  type SectionItemOf,
} from '@pocketguide/contracts';
import { cx } from '../../../lib/class-names.ts';
import type { SectionItemProps } from '../../editor/item-contract.ts';
import { ColumnResizeHandles } from './column-resize-handles.tsx';
import { TableCellEditor } from './table-cell.tsx';
import { pressToSelect } from '../../editor/press-to-select.ts';

type TableItemValue = SectionItemOf<'table'>;
type Cell = { row: number; col: number };

/** Writes the result of one of the contracts' table operations into the item being edited. */
function applyTable(draft: Draft<TableItemValue>, next: TableItemValue): void {
  draft.content = next.content;
  draft.rows = next.rows;
  draft.cols = next.cols;
  draft.colWidths = next.colWidths;
}

/** `op` applied to the table as it is inside the recipe (the contracts' functions are pure). */
const tableEdit =
  (op: (table: TableItemValue) => TableItemValue) =>
  (draft: Draft<TableItemValue>): void =>
    applyTable(draft, op(current(draft)));

/**
 * A table of text cells (spec §3, §5), drawn as readers get it (the viewer's `.pg-table`): a rounded frame, fine
 * lines between cells, and with two rows or more the first row as the header row (shaded, semibold, `th`). In the
 * editor the selected cell shows row and column controls; a table keeps at least one row and one column; borders
 * between columns drag to resize.
 */
export function TableItem({ item, editable, active, onActivate, onEdit }: SectionItemProps<TableItemValue>) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<Cell | null>(null);
  const [preview, setPreview] = useState<number[] | null>(null);
  const [flushers] = useState(() => new Set<() => void>());
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!active) setSelected(null);
  }, [active]);
  const editing = editable && active;
  const widths = preview ?? [...fitColumnWidths(item.colWidths, item.cols)];
  const total = widths.reduce((sum, width) => sum + width, 0);
  const cell = selected && selected.row < item.rows && selected.col < item.cols ? selected : null;
  // the viewer's rule: with two rows or more, the first is the header row
  const hasHead = item.content.length > 1;

  return (
    <div {...(editable ? pressToSelect(onActivate) : {})}>
      {editing && cell ? (
        <TableControls
          cell={cell}
          rows={item.rows}
          cols={item.cols}
          onEdit={(op, next) => {
            // Typing still waiting for its debounce belongs to the cell as it is now, before rows move.
            for (const flush of flushers) flush();
            onEdit(tableEdit(op));
            setSelected(next);
          }}
        />
      ) : null}
      {/* The widths are proportions of the phone's column: a 432 px table fills the width it gets, never overflows. */}
      <div ref={frame} className="relative overflow-hidden rounded-control border border-neutral-200">
        <table className="w-full table-fixed border-collapse text-sm text-neutral-800">
          <colgroup>
            {widths.map((width, index) => (
              <col key={index} style={{ width: `${(width / total) * 100}%` }} />
            ))}
          </colgroup>
          <tbody>
            {item.content.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((text, colIndex) => {
                  const head = hasHead && rowIndex === 0;
                  const Cell = head ? 'th' : 'td';
                  return (
                    <Cell
                      key={colIndex}
                      scope={head ? 'col' : undefined}
                      className={cx(
                        'text-left align-top',
                        head ? 'bg-neutral-50 font-semibold text-neutral-700' : 'font-normal',
                        rowIndex < item.content.length - 1 && 'border-b border-neutral-100',
                        colIndex > 0 && 'border-l border-neutral-100',
                        editable ? 'p-0' : 'px-2.5 py-2',
                      )}
                    >
                      {editable ? (
                        <TableCellEditor
                          value={text}
                          label={t('editorItems.table.cell', { row: rowIndex + 1, col: colIndex + 1 })}
                          selected={editing && cell?.row === rowIndex && cell.col === colIndex}
                          flushers={flushers}
                          onFocus={() => {
                            onActivate();
                            setSelected({ row: rowIndex, col: colIndex });
                          }}
                          onCommit={(value) =>
                            onEdit((draft) => {
                              const target = draft.content[rowIndex];
                              if (target && colIndex < target.length) target[colIndex] = value;
                            }, 'typing')
                          }
                        />
                      ) : (
                        <span className="break-keep whitespace-pre-wrap">{text}</span>
                      )}
                    </Cell>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {editing ? (
          <ColumnResizeHandles
            widths={widths}
            onPreview={setPreview}
            onCommit={(next) =>
              onEdit((draft) => {
                draft.colWidths = next;
              })
            }
            label={(index) => t('editorItems.table.resizeColumn', { number: index + 1 })}
            frame={frame}
          />
        ) : null}
      </div>
    </div>
  );
}

function TableControls({
  cell,
  rows,
  cols,
  onEdit,
}: {
  cell: Cell;
  rows: number;
  cols: number;
  /** a table operation, and the cell to select afterwards */
  onEdit(op: (table: TableItemValue) => TableItemValue, next: Cell): void;
}) {
  const { t } = useTranslation();
  const { row, col } = cell;
  return (
    <div role="toolbar" aria-label={t('editorItems.table.controls')} className="mb-2 flex flex-wrap items-center gap-1 text-xs">
      <span className="px-1 font-semibold text-neutral-600">{t('editorItems.table.row', { number: row + 1 })}</span>
      <ControlButton label={t('editorItems.table.insertRowAbove')} icon={<BetweenHorizontalStart className="size-4" aria-hidden="true" />} onClick={() => onEdit((table) => insertTableRow(table, row), { row: row + 1, col })} />
      <ControlButton label={t('editorItems.table.insertRowBelow')} icon={<BetweenHorizontalEnd className="size-4" aria-hidden="true" />} onClick={() => onEdit((table) => insertTableRow(table, row + 1), cell)} />
      <ControlButton
        label={t('editorItems.table.removeRow')}
        icon={<Minus className="size-4" aria-hidden="true" />}
        disabled={rows <= 1}
        onClick={() => onEdit((table) => removeTableRow(table, row), { row: Math.min(row, rows - 2), col })}
      />
      <span className="ml-2 px-1 font-semibold text-neutral-600">{t('editorItems.table.column', { number: col + 1 })}</span>
      <ControlButton label={t('editorItems.table.insertColumnLeft')} icon={<BetweenVerticalStart className="size-4" aria-hidden="true" />} onClick={() => onEdit((table) => insertTableColumn(table, col), { row, col: col + 1 })} />
      <ControlButton label={t('editorItems.table.insertColumnRight')} icon={<BetweenVerticalEnd className="size-4" aria-hidden="true" />} onClick={() => onEdit((table) => insertTableColumn(table, col + 1), cell)} />
      <ControlButton
        label={t('editorItems.table.removeColumn')}
        icon={<Minus className="size-4" aria-hidden="true" />}
        disabled={cols <= 1}
        onClick={() => onEdit((table) => removeTableColumn(table, col), { row, col: Math.min(col, cols - 2) })}
      />
    </div>
  );
}

function ControlButton({ label, icon, disabled, onClick }: { label: string; icon: ReactNode; disabled?: boolean; onClick(): void }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      // Keeps the focus (and so the selection) in the cell.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="flex size-8 items-center justify-center rounded-control border border-neutral-200 bg-white text-neutral-700 hover:bg-neutral-50 disabled:cursor-not-allowed disabled:opacity-40"
    >
      {icon}
    </button>
  );
}
