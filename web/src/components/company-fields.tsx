import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from './text-field.tsx';

type CompanyFieldName = 'companyName' | 'companyAddress' | 'companyPhone' | 'companyWebsite';

/** What `useSchemaForm().field(name)` binds to an input. */
type BoundField = {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

type CompanyFieldsProps = {
  legend: string;
  /** The form's binding of a field by name (`useSchemaForm().field`). */
  field: (name: CompanyFieldName) => BoundField;
  /** The profile requires an address; signup leaves it optional (the contracts' schemas say the same). */
  addressRequired: boolean;
};

/** The company's name, address, phone and website: one fieldset shared by the signup and profile forms. */
export function CompanyFields({ legend, field, addressRequired }: CompanyFieldsProps) {
  const { t } = useTranslation();
  const optional = t('common.optional');
  return (
    <fieldset className="flex flex-col gap-5">
      <legend className="mb-4 text-base font-bold text-neutral-900">{legend}</legend>
      <TextField
        {...field('companyName')}
        label={t('auth.fields.companyName')}
        autoComplete="organization"
        placeholder={t('auth.placeholders.companyName')}
      />
      <TextField
        {...field('companyAddress')}
        label={t('auth.fields.companyAddress')}
        optionalLabel={addressRequired ? undefined : optional}
        autoComplete="street-address"
        placeholder={t('auth.placeholders.companyAddress')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...field('companyPhone')}
          label={t('auth.fields.companyPhone')}
          optionalLabel={optional}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder={t('auth.placeholders.companyPhone')}
        />
        <TextField
          {...field('companyWebsite')}
          label={t('auth.fields.companyWebsite')}
          optionalLabel={optional}
          type="url"
          autoComplete="url"
          inputMode="url"
          autoCapitalize="off"
          placeholder={t('auth.placeholders.companyWebsite')}
        />
      </div>
    </fieldset>
  );
}
