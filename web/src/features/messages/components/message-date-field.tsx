import { useId, useState } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { DayPicker } from 'react-day-picker';
import { enUS, ko } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { useTranslation } from 'react-i18next';
import { CalendarDays } from 'lucide-react';
import { cx } from '../../../lib/class-names.ts';
import { messageDay } from './message-type-badge.tsx';

const pad = (n: number) => String(n).padStart(2, '0');
/** A picked day as the form sends it: YYYY-MM-DD (spec 3 §2.9). */
export const toMessageDate = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const fromMessageDate = (value: string): Date | undefined => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined;
};

type MessageDateFieldProps = {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  error?: string | undefined;
};

/** The message's date: shown as YYYY.MM.DD, picked from a calendar, kept and sent as YYYY-MM-DD. */
export function MessageDateField({ value, onChange, disabled = false, error }: MessageDateFieldProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const selected = fromMessageDate(value);
  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-semibold text-neutral-800">
        {t('messages.admin.form.date')}
      </span>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          disabled={disabled}
          aria-labelledby={`${id}-label ${id}-value`}
          aria-invalid={error ? true : undefined}
          className={cx(
            'flex h-11 items-center justify-between gap-2 rounded-control border bg-white px-3 text-left text-base disabled:bg-neutral-50 disabled:text-neutral-500',
            error ? 'border-alert-600' : 'border-neutral-300 hover:border-primary-300',
          )}
        >
          <span id={`${id}-value`} className="tabular-nums" data-message-date={value}>
            {value ? messageDay(value) : t('messages.admin.form.pickDate')}
          </span>
          <CalendarDays className="size-4 text-neutral-500" aria-hidden="true" />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={6}
            className="z-50 rounded-card border border-neutral-200 bg-white p-3 shadow-raised [--rdp-accent-background-color:var(--color-primary-50)] [--rdp-accent-color:var(--color-primary-600)]"
          >
            <DayPicker
              mode="single"
              locale={i18n.language === 'en' ? enUS : ko}
              selected={selected}
              defaultMonth={selected}
              onSelect={(day) => {
                if (day) onChange(toMessageDate(day));
                setOpen(false);
              }}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {error ? <p className="text-sm text-alert-600">{error}</p> : null}
    </div>
  );
}
