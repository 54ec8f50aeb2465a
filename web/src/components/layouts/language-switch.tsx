import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../lib/language.ts';
import { cx } from '../../lib/class-names.ts';

type LanguageSwitchProps = {
  /** What a choice does beyond showing it (the app saves it and goes through /refresh). */
  onChange?: (language: Language) => void;
};

/** Two-way switch; each language is named in itself so a reader can find theirs whatever is showing. */
export function LanguageSwitch({ onChange }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;

  const choose = (language: Language) => {
    if (language === current) return;
    if (onChange) onChange(language);
    else void i18n.changeLanguage(language);
  };

  return (
    <div role="group" aria-label={t('language.label')} className="flex items-center rounded-control bg-neutral-100 p-1">
      {LANGUAGES.map((language) => {
        const selected = language === current;
        return (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={selected}
            onClick={() => choose(language)}
            className={cx(
              'h-8 rounded-control px-2.5 text-sm whitespace-nowrap transition-colors duration-150 sm:px-3',
              selected
                ? 'bg-white font-semibold text-neutral-900 shadow-raised'
                : 'font-normal text-neutral-600 hover:text-neutral-900',
            )}
          >
            {t(`language.${language}`)}
          </button>
        );
      })}
    </div>
  );
}
