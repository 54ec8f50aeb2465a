import { useTranslation } from 'react-i18next';
import { Save } from 'lucide-react';
import { toast } from 'sonner';
import { profileUpdateBodySchema, type UserView } from '@pocketguide/contracts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { CompanyFields } from '../../../components/company-fields.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { isNetworkError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { serverFieldMessages } from '../../../lib/form-errors.ts';
import type { WireLanguage } from '../../../lib/i18n.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useUser } from '../api/get-user.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type ProfileFormProps = {
  userId: string;
  /** the language the session has now; sent with the profile so a save never brings back an older one */
  language: WireLanguage;
};

/** Loads the profile; the form shows only once it has loaded (spec: hidden when loading failed). */
export function ProfileForm({ userId, language }: ProfileFormProps) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const user = useUser(userId);

  if (user.isPending) {
    return (
      <div className="flex min-h-64 items-center justify-center gap-3 text-neutral-500">
        <Spinner className="text-primary-600" />
        <span role="status">{t('settings.profile.loading')}</span>
      </div>
    );
  }
  if (user.isError) {
    return (
      <Banner
        tone="alert"
        action={
          <Button variant="secondary" size="sm" onClick={() => void user.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        <p className="font-semibold">{t('settings.profile.loadFailed')}</p>
        <p>{describeError(user.error)}</p>
      </Banner>
    );
  }
  return <LoadedProfileForm key={user.data.id} user={user.data} language={language} />;
}

function LoadedProfileForm({ user, language }: { user: UserView; language: WireLanguage }) {
  const { t } = useTranslation();
  const updateProfile = useUpdateProfile(user.id);
  const form = useSchemaForm(profileUpdateBodySchema, {
    name: user.name,
    mobile: user.mobile,
    companyName: user.companyName,
    companyAddress: user.companyAddress,
    companyPhone: user.companyPhone,
    companyWebsite: user.companyWebsite,
  });
  const optional = t('common.optional');

  const submit = form.handleSubmit((profile) => {
    updateProfile.mutate(
      { ...profile, email: user.email, language },
      {
        onSuccess: () => {
          toast.success(t('account.messages.profileUpdated'));
        },
        onError: (error) => {
          if (isNetworkError(error)) return; // the server-down page takes over
          form.showServerErrors(serverFieldMessages(error));
          toast.error(t('settings.profile.updateFailed'));
        },
      },
    );
  });

  return (
    <form ref={form.formRef} noValidate onSubmit={submit} className="flex flex-col gap-8">
      <fieldset className="flex flex-col gap-5">
        <legend className="mb-4 text-base font-bold text-neutral-900">{t('settings.profile.sections.basic')}</legend>
        <TextField {...form.field('name')} label={t('auth.fields.name')} autoComplete="name" />
        <TextField
          name="email"
          label={t('auth.fields.email')}
          type="email"
          value={user.email}
          readOnly
          hint={t('account.messages.emailReadOnly')}
        />
        <TextField
          {...form.field('mobile')}
          label={t('auth.fields.mobile')}
          optionalLabel={optional}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder={t('auth.placeholders.mobile')}
        />
      </fieldset>

      <CompanyFields legend={t('settings.profile.sections.company')} field={form.field} addressRequired />

      <div className="flex justify-end border-t border-neutral-200 pt-6">
        <Button
          type="submit"
          className="w-full sm:w-auto"
          loading={updateProfile.isPending}
          icon={<Save className="size-4.5" aria-hidden="true" />}
        >
          {updateProfile.isPending ? t('settings.profile.saving') : t('settings.profile.submit')}
        </Button>
      </div>
    </form>
  );
}
