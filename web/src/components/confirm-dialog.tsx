import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm(): void | Promise<void>;
  tone?: 'primary' | 'accent';
};

/** The spec's confirm step for deleting and copying: the safe choice has the focus. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  onConfirm,
  tone = 'primary',
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const cancel = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      initialFocus={cancel}
      footer={
        <>
          <Button ref={cancel} variant="secondary" onClick={() => onOpenChange(false)}>
            {t('editor.confirm.cancel')}
          </Button>
          <Button
            variant={tone}
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
                onOpenChange(false);
              } finally {
                setBusy(false);
              }
            }}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="text-base text-neutral-700">{message}</p>
    </Dialog>
  );
}
