import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { DEFAULT_TABLE_COLS, DEFAULT_TABLE_ROWS } from '@pocketguide/contracts';
import { TextField } from '../../../components/text-field.tsx';

const ROWS = String(DEFAULT_TABLE_ROWS);
const COLS = String(DEFAULT_TABLE_COLS);

/**
 * Table insertion asks for rows and columns (spec §2, §5: both needed, no bounds on the inputs). They start at the
 * default size, so Add works at once (issue 22), and a field selects its number on focus, so typing replaces it.
 */
export function TableDimensionsDialog({
  open,
  onOpenChange,
  onAdd,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onAdd(rows: number, cols: number): void;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState(ROWS);
  const [cols, setCols] = useState(COLS);
  const submit = () => {
    const r = Number.parseInt(rows, 10);
    const c = Number.parseInt(cols, 10);
    if (rows.trim() === '' || cols.trim() === '' || !Number.isFinite(r) || !Number.isFinite(c)) {
      toast.error(t('editor.toast.tableDimensions'), { duration: 3000 });
      return;
    }
    onAdd(r, c);
    setRows(ROWS);
    setCols(COLS);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('editor.table.title')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('editor.table.cancel')}
          </Button>
          <Button type="submit" form="table-dimensions">
            {t('editor.table.add')}
          </Button>
        </>
      }
    >
      <form
        id="table-dimensions"
        className="grid grid-cols-2 gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={t('editor.table.rows')}
          type="number"
          inputMode="numeric"
          value={rows}
          onFocus={(event) => event.target.select()}
          onChange={(event) => setRows(event.target.value)}
        />
        <TextField
          label={t('editor.table.cols')}
          type="number"
          inputMode="numeric"
          value={cols}
          onFocus={(event) => event.target.select()}
          onChange={(event) => setCols(event.target.value)}
        />
      </form>
    </Dialog>
  );
}
