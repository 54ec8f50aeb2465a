import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import { Dialog } from '../../../components/dialog.tsx';
import { cx } from '../../../lib/class-names.ts';

/** The default icons shipped with the web app (`web/public/icons/default/`). */
export const DEFAULT_ICONS: readonly string[] = ['attractions', 'itinerary', 'preparations', 'airtickets', 'food'].map((name) => `/icons/default/${name}.svg`);

/** The choose-icon popup (spec §2). Custom icons of the user come with the icons screens; until then the defaults. */
export function ChooseIconDialog({ open, onOpenChange, current, onChoose }: { open: boolean; onOpenChange(open: boolean): void; current: string; onChoose(url: string): void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('editor.chooseIcon.title')}>
      <h3 className="mb-3 text-sm font-semibold text-neutral-700">{t('editor.chooseIcon.defaults')}</h3>
      <ul className="grid grid-cols-5 gap-2">
        {DEFAULT_ICONS.map((url) => {
          const name = url.split('/').pop()?.replace('.svg', '') ?? url;
          const chosen = url === current;
          return (
            <li key={url}>
              <button
                type="button"
                aria-pressed={chosen}
                aria-label={name}
                title={name}
                onClick={() => onChoose(url)}
                className={cx(
                  'relative flex aspect-square w-full items-center justify-center rounded-control border',
                  chosen ? 'border-primary-600 bg-primary-50' : 'border-neutral-200 hover:border-primary-200',
                )}
              >
                <img src={url} alt="" className="size-10" />
                {chosen ? <Check className="absolute top-1 right-1 size-3.5 text-primary-700" aria-hidden="true" /> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
