import { useTranslation } from 'react-i18next';
import { GUIDEBOOK_STATUS_FILTERS, OWNER_TYPES } from '@pocketguide/contracts';
import type { GuidebookListFilters } from '../api/list-page.ts';
import { FilterSelect } from '../../../components/filter-select.tsx';

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
        <FilterSelect
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
        <FilterSelect
          label={t('guidebookLists.filters.status')}
          value={status}
          options={[
            { value: 'all', label: t('guidebookLists.filters.allStatus') },
            ...GUIDEBOOK_STATUS_FILTERS.map((value) => ({
              value,
              label: t(`guidebookLists.filters.statuses.${value}`),
            })),
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
