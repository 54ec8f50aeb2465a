import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { GUIDEBOOK_STATUS_FILTERS, OWNER_TYPES } from '@pocketguide/contracts';
import type { GuidebookListFilters } from '../api/list-page.ts';

type ListFiltersProps = {
  company: GuidebookListFilters['company'];
  status: GuidebookListFilters['status'];
  /** which filters this list has: administrators' lists both, one user's guidebooks only the user type */
  show: { company: boolean; status: boolean };
  onChange: (changes: Pick<Partial<GuidebookListFilters>, 'company' | 'status'>) => void;
};

/** The administrators' filters (spec 1 §2, spec 3 §2.8): user type and status, as native selects. */
export function ListFilters({ company, status, show, onChange }: ListFiltersProps) {
  const { t } = useTranslation();
  return (
    <>
      {show.company ? (
        <Select
          label={t('guidebookLists.filters.userType')}
          value={company}
          options={[
            { value: 'all', label: t('guidebookLists.filters.allUsers') },
            ...OWNER_TYPES.map((type) => ({ value: type, label: t(`guidebookLists.filters.ownerTypes.${type}`) })),
          ]}
          onChange={(value) => onChange({ company: value === 'admin' || value === 'user' ? value : 'all' })}
        />
      ) : null}
      {show.status ? (
        <Select
          label={t('guidebookLists.filters.status')}
          value={status}
          options={[
            { value: 'all', label: t('guidebookLists.filters.allStatus') },
            ...GUIDEBOOK_STATUS_FILTERS.map((value) => ({ value, label: t(`guidebookLists.filters.statuses.${value}`) })),
          ]}
          onChange={(value) => {
            const known = GUIDEBOOK_STATUS_FILTERS.find((filter) => filter === value);
            onChange({ status: known ?? 'all' });
          }}
        />
      ) : null}
    </>
  );
}

type SelectProps = {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
};

function Select({ label, value, options, onChange }: SelectProps) {
  const id = useId();
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-11 w-full appearance-none rounded-control border border-neutral-300 bg-white pr-10 pl-3.5 text-base text-neutral-900 hover:border-neutral-400 focus-visible:border-primary-600 focus-visible:ring-3 focus-visible:ring-primary-100 focus-visible:outline-none sm:w-auto sm:min-w-40"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown className="pointer-events-none absolute top-1/2 right-3 size-4.5 -translate-y-1/2 text-neutral-500" aria-hidden="true" />
    </div>
  );
}
