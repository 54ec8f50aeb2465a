import { useTranslation } from 'react-i18next';
import { cx } from '../../../lib/class-names.ts';

/** Spec 3 §2.4: information blue, warning yellow, alert red; anything else is shown as general. */
const looks: Record<string, string> = {
  information: 'border-info-200 bg-info-50 text-info-700',
  warning: 'border-warning-200 bg-warning-50 text-warning-700',
  alert: 'border-alert-200 bg-alert-50 text-alert-700',
};

export function MessageTypeBadge({ type }: { type: string }) {
  const { t } = useTranslation();
  const known = type in looks;
  const names = {
    information: t('messages.types.information'),
    warning: t('messages.types.warning'),
    alert: t('messages.types.alert'),
  } as Record<string, string>;
  return (
    <span
      data-message-type={known ? type : 'general'}
      className={cx(
        'inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-xs font-semibold',
        looks[type] ?? 'border-neutral-200 bg-neutral-50 text-neutral-700',
      )}
    >
      {names[type] ?? t('messages.types.general')}
    </span>
  );
}

/** `YYYY.MM.DD` of a time (spec 3 §2.4 lists), or the message's own date when it is one already. */
export function messageDay(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value.replaceAll('-', '.');
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}.${pad(date.getMonth() + 1)}.${pad(date.getDate())}`;
}
