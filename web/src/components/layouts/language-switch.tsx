import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../lib/i18n.ts';
import { cx } from '../../lib/class-names.ts';

/** Two-way switch; each language is named in itself so a reader can find theirs whatever is showing. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;

  const choose = (language: Language) => {
    if (language !== current) void i18n.changeLanguage(language);
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
              'h-8 rounded-control px-3 text-sm transition-colors duration-150',
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
