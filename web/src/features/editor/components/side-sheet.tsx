import type { ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { cx } from '../../../lib/class-names.ts';
import { useReturnFocus } from '../../../lib/return-focus.ts';

type SideSheetProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  /** px; the settings panel is 500 (spec §2) */
  width: number;
  /** false: the canvas stays usable beside the sheet (the history previews versions in it) */
  modal?: boolean;
  /** px from the top of the window: a sheet beside the canvas starts under the app header and the editor's menu */
  top?: number;
  children: ReactNode;
};

/** A sheet sliding in from the right (Radix dialog: focus, Escape, labelled by its title). */
export function SideSheet({
  open,
  onOpenChange,
  title,
  description,
  width,
  modal = true,
  top = 0,
  children,
}: SideSheetProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange} modal={modal}>
      <RadixDialog.Portal>
        {modal ? <RadixDialog.Overlay className="fixed inset-0 z-50 bg-neutral-900/30" /> : null}
        <RadixDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onInteractOutside={modal ? undefined : (event) => event.preventDefault()}
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          style={{ width, maxWidth: '100vw', top }}
          className={cx(
            'fixed right-0 bottom-0 z-50 flex flex-col border-l border-neutral-200 bg-white shadow-raised focus-visible:outline-none',
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-neutral-200 px-6 py-4">
            <div>
              <RadixDialog.Title className="text-lg font-bold text-neutral-900">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-0.5 text-sm text-neutral-600">
                  {description}
                </RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close
              aria-label={t('common.close')}
              className="-mr-2 flex size-9 shrink-0 items-center justify-center rounded-control text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800"
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
