import { useTranslation } from 'react-i18next';
import { PALETTE } from '@pocketguide/contracts';
import { cx } from '../../../lib/class-names.ts';

/** The 80 preset colours (spec §3) as a 10 x 8 grid of swatches, plus "no colour". */
export function ColourPalette({ value, onPick }: { value: string | undefined; onPick(colour: string | null): void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      <div role="group" aria-label={t('editorItems.richText.palette')} className="grid grid-cols-10 gap-1">
        {PALETTE.map((colour) => (
          <button
            key={colour}
            type="button"
            aria-label={colour}
            title={colour}
            aria-pressed={value?.toLowerCase() === colour}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(colour)}
            className={cx(
              'size-5 rounded-[4px] border border-neutral-200',
              value?.toLowerCase() === colour ? 'ring-2 ring-primary-600 ring-offset-1' : undefined,
            )}
            style={{ backgroundColor: colour }}
          />
        ))}
      </div>
      <button
        type="button"
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => onPick(null)}
        className="h-8 rounded-control border border-neutral-300 text-sm text-neutral-700 hover:bg-neutral-50"
      >
        {t('editorItems.richText.noColour')}
      </button>
    </div>
  );
}
