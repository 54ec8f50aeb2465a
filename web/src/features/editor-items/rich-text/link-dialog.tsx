import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { cx } from '../../../lib/class-names.ts';
import { LINK_KINDS, linkHref, parseLinkHref, type LinkKind } from './rich-text-commands.ts';

type LinkDialogProps = {
  open: boolean;
  /** the link under the selection, to edit it */
  currentHref: string | undefined;
  onClose(): void;
  /** a valid href to wrap the selection in */
  onApply(href: string): void;
  onRemove(): void;
};

/**
 * The rich-text link dialog (spec §2 popups, §5): a type (URL, email, phone) and the address. A blank address
 * just closes; what the author typed gets its prefix ('http://', 'mailto:', 'tel:').
 */
export function LinkDialog({ open, currentHref, onClose, onApply, onRemove }: LinkDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())} title={t('editorItems.link.title')}>
      {/* Mounted per opening, so the fields start from the link being edited. */}
      {open ? <LinkForm currentHref={currentHref} onClose={onClose} onApply={onApply} onRemove={onRemove} /> : null}
    </Dialog>
  );
}

function LinkForm({ currentHref, onClose, onApply, onRemove }: Omit<LinkDialogProps, 'open'>) {
  const { t } = useTranslation();
  const initial = currentHref ? parseLinkHref(currentHref) : { kind: 'url' as LinkKind, text: '' };
  const [kind, setKind] = useState<LinkKind>(initial.kind);
  const [text, setText] = useState(initial.text);
  const [invalid, setInvalid] = useState(false);
  const kindId = useId();
  const addressId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      onClose();
      return;
    }
    const href = linkHref(kind, text);
    if (href === null) {
      setInvalid(true);
      inputRef.current?.focus();
      return;
    }
    onApply(href);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <div className="flex flex-col gap-2">
        <label htmlFor={kindId} className="text-sm font-semibold text-neutral-800">
          {t('editorItems.link.kind')}
        </label>
        <select
          id={kindId}
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as LinkKind);
            setInvalid(false);
          }}
          className="h-11 rounded-control border border-neutral-300 bg-white px-3 text-base focus-visible:border-primary-600"
        >
          {LINK_KINDS.map((option) => (
            <option key={option} value={option}>
              {t(`editorItems.link.kinds.${option}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor={addressId} className="text-sm font-semibold text-neutral-800">
          {t(`editorItems.link.addressLabel.${kind}`)}
        </label>
        <input
          ref={inputRef}
          id={addressId}
          value={text}
          autoFocus
          type={kind === 'email' ? 'email' : kind === 'phone' ? 'tel' : 'text'}
          placeholder={t(`editorItems.link.placeholder.${kind}`)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setInvalid(false);
          }}
          className={cx(
            'h-11 rounded-control border px-3.5 text-base focus-visible:outline-none focus-visible:ring-3',
            invalid
              ? 'border-alert-600 focus-visible:ring-alert-200'
              : 'border-neutral-300 focus-visible:border-primary-600 focus-visible:ring-primary-100',
          )}
        />
        {invalid ? (
          <p id={errorId} className="text-sm text-alert-700">
            {t('editorItems.link.invalid')}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {currentHref ? (
          <Button variant="ghost" onClick={onRemove} className="sm:mr-auto">
            {t('editorItems.link.remove')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit">{t('editorItems.link.apply')}</Button>
      </div>
    </form>
  );
}
