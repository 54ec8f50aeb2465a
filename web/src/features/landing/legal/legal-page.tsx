import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';
import type { LegalDocument } from './legal-document.ts';

type LegalPageProps = {
  /** the document in each interface language */
  documents: { ko: LegalDocument; en: LegalDocument };
  /** which one this is, for the link to the other */
  kind: 'terms' | 'privacy';
};

/** `/terms` and `/privacy`: a calm reading column with a table of contents; open to everyone. */
export function LegalPage({ documents, kind }: LegalPageProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'ko';
  const document = documents[language];
  const effective = new Intl.DateTimeFormat(language === 'ko' ? 'ko-KR' : 'en-GB', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(`${document.effective}T00:00:00`));
  const other =
    kind === 'terms'
      ? { href: paths.privacy.getHref(), label: t('legal.privacy') }
      : { href: paths.terms.getHref(), label: t('legal.terms') };

  return (
    <>
      <title>{`${t(kind === 'terms' ? 'legal.terms' : 'legal.privacy')} · ${t('app.name')}`}</title>
      <article className="mx-auto flex w-full max-w-3xl flex-col gap-8 break-keep">
        <header className="flex flex-col gap-3 border-b border-neutral-200 pb-6">
          <h1 className="text-xl font-bold text-neutral-900 sm:text-2xl">{document.title}</h1>
          <p className="text-sm text-neutral-500">{t('legal.effective', { date: effective })}</p>
          <p className="text-base text-neutral-700">{document.intro}</p>
        </header>

        <nav
          aria-label={t('legal.contents')}
          className="rounded-card border border-neutral-200 bg-neutral-50 px-5 py-4"
        >
          <h2 className="text-sm font-semibold text-neutral-700">{t('legal.contents')}</h2>
          <ol className="mt-3 grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
            {document.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-primary-700 underline-offset-4 hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        {document.sections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="flex scroll-mt-24 flex-col gap-3"
          >
            <h2 id={`${section.id}-title`} className="text-lg font-bold text-neutral-900">
              {section.title}
            </h2>
            {section.body.map((paragraph, index) =>
              typeof paragraph === 'string' ? (
                <p key={index} className="text-base text-neutral-700">
                  {paragraph}
                </p>
              ) : (
                <ul
                  key={index}
                  className="flex list-disc flex-col gap-1.5 pl-6 text-base text-neutral-700 marker:text-neutral-400"
                >
                  {paragraph.map((entry) => (
                    <li key={entry}>{entry}</li>
                  ))}
                </ul>
              ),
            )}
          </section>
        ))}

        <div className="flex flex-wrap items-center gap-x-6 gap-y-2 border-t border-neutral-200 pt-6 text-sm">
          <Link to={other.href} className="font-semibold text-primary-700 underline-offset-4 hover:underline">
            {other.label}
          </Link>
          <Link to={paths.home.getHref()} className="font-semibold text-primary-700 underline-offset-4 hover:underline">
            {t('app.home')}
          </Link>
        </div>
      </article>
    </>
  );
}
