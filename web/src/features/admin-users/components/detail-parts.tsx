import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserView } from '@pocketguide/contracts';

/** A raised card with a heading: one part of a user's detail. */
export function DetailCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col rounded-card border border-neutral-200 bg-white p-5 shadow-raised sm:p-6"
    >
      <h2 id={id} className="text-base font-bold text-neutral-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-neutral-500">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The company details of an account (spec 3 §2.6); a field left empty says so. */
export function CompanyDetails({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const empty = <span className="text-neutral-400">{t('adminUsers.company.empty')}</span>;
  const website = user.companyWebsite;
  const rows: { key: string; label: string; value: ReactNode }[] = [
    { key: 'companyName', label: t('adminUsers.company.name'), value: user.companyName || empty },
    { key: 'companyAddress', label: t('adminUsers.company.address'), value: user.companyAddress || empty },
    { key: 'companyPhone', label: t('adminUsers.company.phone'), value: user.companyPhone || empty },
    {
      key: 'website',
      label: t('adminUsers.company.website'),
      value: website ? (
        <a
          href={website}
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold break-all text-primary-700 underline-offset-4 hover:underline"
        >
          {website}
        </a>
      ) : (
        empty
      ),
    },
    { key: 'mobile', label: t('adminUsers.company.mobile'), value: user.mobile || empty },
    { key: 'email', label: t('adminUsers.company.email'), value: <span className="break-all">{user.email}</span> },
  ];
  return (
    <DetailCard title={t('adminUsers.company.title')}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2.5 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        {rows.map((row) => (
          <div key={row.key} className="contents" data-company-field={row.key}>
            <dt className="text-neutral-500">{row.label}</dt>
            <dd className="mb-2 break-words text-neutral-800 sm:mb-0">{row.value}</dd>
          </div>
        ))}
      </dl>
    </DetailCard>
  );
}
