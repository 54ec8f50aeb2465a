import type { ReactNode, RefObject } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { cx } from '../lib/class-names.ts';
import { useReturnFocus } from '../lib/return-focus.ts';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** Buttons along the bottom edge. */
  footer?: ReactNode;
  className?: string;
  /** where focus goes on open; by default Radix's choice (the first focusable element, the close button) */
  initialFocus?: RefObject<HTMLElement | null>;
};

/** A modal card (Radix: focus trap, Escape, labelled by its title); a bottom sheet on narrow screens. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  className,
  initialFocus,
}: DialogProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-neutral-900/40 backdrop-blur-[2px]" />
        <RadixDialog.Content
          // Without a description, Radix wants to be told explicitly that nothing describes the dialog.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            returnFocus.onOpenAutoFocus();
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          className={cx(
            'fixed z-50 flex max-h-[90dvh] flex-col overflow-y-auto border border-neutral-200 bg-white shadow-raised',
            'inset-x-0 bottom-0 rounded-t-card p-5 sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-md',
            'sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-card sm:p-6',
            'focus-visible:outline-none',
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-lg font-bold text-neutral-900">{title}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label={t('common.close')}
              className="-mt-1 -mr-2 flex size-9 shrink-0 items-center justify-center rounded-control text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800"
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="mt-1 text-sm text-neutral-600">{description}</RadixDialog.Description>
          ) : null}
          <div className="mt-5">{children}</div>
          {footer ? <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
