import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Check } from 'lucide-react';
import { Dialog } from '../../../components/dialog.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { cx } from '../../../lib/class-names.ts';
import { useCustomIcons } from '../api/get-custom-icons.ts';
import defaultIconList from '../default-icons.json';

type DefaultIcon = { name: string; ko: string; en: string };

/** The default icons drawn for the product (`web/public/icons/default/`, drawn by web/scripts/draw-default-icons.py). */
export const DEFAULT_ICONS: readonly (DefaultIcon & { url: string })[] = (defaultIconList as DefaultIcon[]).map(
  (icon) => ({
    ...icon,
    url: `/icons/default/${icon.name}.svg`,
  }),
);

type ChooseIconDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  current: string;
  onChoose(url: string): void;
};

/** The choose-icon popup (spec 1 §2): the person's own icons from the icon library, then the default icons. */
export function ChooseIconDialog({ open, onOpenChange, current, onChoose }: ChooseIconDialogProps) {
  const { t, i18n } = useTranslation();
  const custom = useCustomIcons({ enabled: open });
  const english = i18n.language === 'en';
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('editor.chooseIcon.title')}>
      <div className="max-h-[65vh] overflow-y-auto pr-1">
        <h3 className="mb-3 text-sm font-semibold text-neutral-700">{t('editor.chooseIcon.custom')}</h3>
        {custom.isPending ? (
          <p className="mb-5 flex items-center gap-2 text-sm text-neutral-500" role="status">
            <Spinner size="sm" />
            {t('editor.chooseIcon.loadingCustom')}
          </p>
        ) : custom.isError ? (
          <p className="mb-5 text-sm text-alert-600">{t('editor.chooseIcon.customFailed')}</p>
        ) : custom.data.icons.length === 0 ? (
          <p className="mb-5 text-sm text-neutral-500">
            {t('editor.chooseIcon.noCustom')}{' '}
            <Link to="/icons" className="font-semibold text-primary-700 underline-offset-4 hover:underline">
              {t('editor.chooseIcon.toLibrary')}
            </Link>
          </p>
        ) : (
          <IconGrid
            icons={custom.data.icons.map((icon, index) => ({
              url: icon.url,
              label: t('editor.chooseIcon.customLabel', { number: index + 1 }),
            }))}
            current={current}
            onChoose={onChoose}
          />
        )}
        <h3 className="mb-3 text-sm font-semibold text-neutral-700">{t('editor.chooseIcon.defaults')}</h3>
        <IconGrid
          icons={DEFAULT_ICONS.map((icon) => ({ url: icon.url, label: english ? icon.en : icon.ko }))}
          current={current}
          onChoose={onChoose}
        />
      </div>
    </Dialog>
  );
}

function IconGrid({
  icons,
  current,
  onChoose,
}: {
  icons: { url: string; label: string }[];
  current: string;
  onChoose(url: string): void;
}) {
  return (
    <ul className="mb-5 grid grid-cols-5 gap-2 sm:grid-cols-6">
      {icons.map(({ url, label }) => {
        const chosen = url === current;
        return (
          <li key={url}>
            <button
              type="button"
              aria-pressed={chosen}
              aria-label={label}
              title={label}
              onClick={() => onChoose(url)}
              className={cx(
                'relative flex aspect-square w-full items-center justify-center rounded-control border',
                chosen ? 'border-primary-600 bg-primary-50' : 'border-neutral-200 hover:border-primary-200',
              )}
            >
              <img src={url} alt="" className="size-10 object-contain" loading="lazy" />
              {chosen ? (
                <Check className="absolute top-1 right-1 size-3.5 text-primary-700" aria-hidden="true" />
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
