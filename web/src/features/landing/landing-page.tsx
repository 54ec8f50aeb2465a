import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ArrowRight,
  BookOpen,
  CalendarDays,
  Check,
  Image as ImageIcon,
  Images,
  LayoutGrid,
  Link2,
  ListChecks,
  LockKeyhole,
  MapPin,
  Plane,
  QrCode,
} from 'lucide-react';
import { TRIAL_DAYS } from '@pocketguide/contracts/account/account-limits';
import { paths } from '../../app/paths.ts';
import { cx } from '../../lib/class-names.ts';
import { groupDigits } from '../../lib/plain-format.ts';
import { HIGHLIGHTED_PLAN, LANDING_PLANS, monthlyPriceKrw } from './plans.ts';
import { SamplePreview, sampleHref } from './sample-preview.tsx';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const BUILD_ITEMS: {
  key: 'cover' | 'menu' | 'attractions' | 'itinerary' | 'preparations' | 'airtickets';
  Icon: Icon;
}[] = [
  { key: 'cover', Icon: ImageIcon },
  { key: 'menu', Icon: LayoutGrid },
  { key: 'attractions', Icon: MapPin },
  { key: 'itinerary', Icon: CalendarDays },
  { key: 'preparations', Icon: ListChecks },
  { key: 'airtickets', Icon: Plane },
];

const SHARE_ITEMS: { key: 'link' | 'qr' | 'password' | 'gallery'; Icon: Icon }[] = [
  { key: 'link', Icon: Link2 },
  { key: 'qr', Icon: QrCode },
  { key: 'password', Icon: LockKeyhole },
  { key: 'gallery', Icon: Images },
];

const INCLUDED = ['publish', 'qr', 'password', 'gallery'] as const;

const primaryCta =
  'inline-flex h-12 items-center justify-center gap-2 rounded-control bg-accent-600 px-6 text-base font-semibold text-white hover:bg-accent-500';
const secondaryCta =
  'inline-flex h-12 items-center justify-center gap-2 rounded-control border border-neutral-300 bg-white px-6 text-base font-semibold text-neutral-800 hover:bg-neutral-50';
const textLink = 'font-semibold text-primary-700 underline-offset-4 hover:underline';

/**
 * The front door for signed-out visitors (issue 11): what PocketGuide is, a live sample guidebook, the plans and
 * prices, and the way in. Light on purpose: no editor code, one icon import per icon.
 */
export function LandingPage() {
  const { t, i18n } = useTranslation();
  const days = TRIAL_DAYS;

  return (
    <div className="flex flex-col gap-16 sm:gap-24">
      <section
        aria-labelledby="landing-title"
        className="grid items-center gap-8 lg:grid-cols-[minmax(0,1fr)_auto] lg:gap-16"
      >
        <div className="flex flex-col gap-5">
          <p className="text-sm font-semibold text-primary-700">{t('landing.hero.eyebrow')}</p>
          <h1
            id="landing-title"
            className="text-xl font-bold whitespace-pre-line text-neutral-900 sm:text-2xl lg:text-[2.5rem] lg:leading-[3.25rem]"
          >
            {t('landing.hero.title')}
          </h1>
          <p className="max-w-xl text-base text-neutral-600 sm:text-lg sm:leading-8">{t('landing.hero.description')}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to={paths.signup.getHref()} className={primaryCta}>
              {t('landing.hero.signup')}
              <ArrowRight className="size-5" aria-hidden="true" />
            </Link>
            <a href={sampleHref(i18n.language)} className={secondaryCta}>
              <BookOpen className="size-5 text-primary-700" aria-hidden="true" />
              {t('landing.hero.sample')}
            </a>
          </div>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-neutral-600">
            <span>{t('landing.hero.trial', { days })}</span>
            <span>
              {t('landing.hero.haveAccount')}{' '}
              <Link to={paths.login.getHref()} className={textLink}>
                {t('landing.hero.login')}
              </Link>
            </span>
          </p>
        </div>
        <SamplePreview />
      </section>

      <FeatureSection id="build" title={t('landing.build.title')} description={t('landing.build.description')}>
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
          {BUILD_ITEMS.map(({ key, Icon }) => (
            <li key={key} className="flex flex-col gap-3 rounded-card border border-neutral-200 bg-white p-4 sm:p-6">
              <span
                className="flex size-10 items-center justify-center rounded-control bg-primary-50 text-primary-700"
                aria-hidden="true"
              >
                <Icon className="size-5" />
              </span>
              <h3 className="text-base font-bold text-neutral-900">{t(`landing.build.items.${key}.title`)}</h3>
              <p className="text-sm text-neutral-600">{t(`landing.build.items.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </FeatureSection>

      <FeatureSection id="share" title={t('landing.share.title')} description={t('landing.share.description')}>
        <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
          {SHARE_ITEMS.map(({ key, Icon }) => (
            <li key={key} className="flex gap-4 rounded-card border border-neutral-200 bg-white p-4 sm:flex-col sm:p-6">
              <span
                className="flex size-10 shrink-0 items-center justify-center rounded-control bg-accent-50 text-accent-600"
                aria-hidden="true"
              >
                <Icon className="size-5" />
              </span>
              <div className="flex flex-col gap-1">
                <h3 className="text-base font-bold text-neutral-900">{t(`landing.share.items.${key}.title`)}</h3>
                <p className="text-sm text-neutral-600">{t(`landing.share.items.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-5">
          <Link to={paths.publicGuidebooks.getHref()} className={cx(textLink, 'inline-flex items-center gap-1')}>
            {t('landing.share.galleryLink')}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </p>
      </FeatureSection>

      <Pricing />

      <section
        aria-labelledby="landing-final"
        className="flex flex-col items-center gap-4 rounded-card bg-primary-700 px-6 py-10 text-center text-white sm:py-14"
      >
        <h2 id="landing-final" className="text-xl font-bold text-balance sm:text-2xl">
          {t('landing.final.title')}
        </h2>
        <p className="text-base text-primary-50">{t('landing.final.description')}</p>
        <Link to={paths.signup.getHref()} className={cx(primaryCta, 'mt-2 w-full sm:w-auto')}>
          {t('landing.hero.signup')}
          <ArrowRight className="size-5" aria-hidden="true" />
        </Link>
      </section>

      <LegalLinks />
    </div>
  );
}

function FeatureSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`landing-${id}`} className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h2 id={`landing-${id}`} className="text-xl font-bold text-neutral-900 sm:text-2xl">
          {title}
        </h2>
        <p className="text-base text-neutral-600">{description}</p>
      </header>
      <div>{children}</div>
    </section>
  );
}

function Pricing() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="landing-pricing" className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h2 id="landing-pricing" className="text-xl font-bold text-neutral-900 sm:text-2xl">
          {t('landing.pricing.title')}
        </h2>
        <p className="text-base text-neutral-600">{t('landing.pricing.description', { days: TRIAL_DAYS })}</p>
      </header>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {LANDING_PLANS.map((plan) => {
          const highlighted = plan === HIGHLIGHTED_PLAN;
          return (
            <li
              key={plan}
              data-plan={plan}
              className={cx(
                'relative flex flex-col gap-2 rounded-card border bg-white p-4 sm:p-6',
                highlighted ? 'border-primary-600 ring-1 ring-primary-600' : 'border-neutral-200',
              )}
            >
              <h3 className="flex flex-wrap items-center gap-2 text-base font-bold text-neutral-900">
                {t(`plans.${plan}`)}
                {highlighted ? (
                  <span className="rounded-full bg-primary-600 px-2 py-0.5 text-xs font-semibold text-white">
                    {t('landing.pricing.recommended')}
                  </span>
                ) : null}
              </h3>
              <p className="flex flex-wrap items-baseline gap-x-1 text-neutral-900">
                <span className="text-lg font-bold tabular-nums sm:text-xl">
                  {t('landing.pricing.price', { price: groupDigits(monthlyPriceKrw(plan)) })}
                </span>
                <span className="text-sm text-neutral-500">{t('landing.pricing.period')}</span>
              </p>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-col gap-4 rounded-card border border-neutral-200 bg-neutral-50 p-5 sm:p-6">
        <h3 className="text-sm font-semibold text-neutral-800">{t('landing.pricing.includedTitle')}</h3>
        <ul className="grid gap-2 text-sm text-neutral-700 sm:grid-cols-2 lg:grid-cols-4">
          {INCLUDED.map((key) => (
            <li key={key} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-primary-600" aria-hidden="true" />
              {t(`landing.pricing.included.${key}`)}
            </li>
          ))}
        </ul>
        <p className="text-sm text-neutral-600">{t('landing.pricing.trial', { days: TRIAL_DAYS })}</p>
        <p className="text-xs text-neutral-500">{t('landing.pricing.vat')}</p>
      </div>
    </section>
  );
}

function LegalLinks() {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={`${t('legal.terms')} · ${t('legal.privacy')}`}
      className="-mt-8 flex justify-center gap-6 text-sm sm:-mt-16"
    >
      <Link to={paths.terms.getHref()} className={textLink}>
        {t('legal.terms')}
      </Link>
      <Link to={paths.privacy.getHref()} className={textLink}>
        {t('legal.privacy')}
      </Link>
    </nav>
  );
}
