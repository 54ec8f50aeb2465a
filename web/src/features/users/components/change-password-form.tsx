import { useTranslation } from 'react-i18next';
import { Check, KeyRound } from 'lucide-react';
import { toast } from 'sonner';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, changePasswordFormSchema } from '@pocketguide/contracts';
import { Button } from '../../../components/button.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { cx } from '../../../lib/class-names.ts';
import { serverFieldMessages } from '../../../lib/form-errors.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

// The requirement list mirrors contracts' isValidPassword, item by item, so a person sees which one is missing.
const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;
const SPECIAL = /[^\p{L}\p{N}]/u;

export function ChangePasswordForm({ userId, email }: { userId: string; email: string }) {
  const { t } = useTranslation();
  const changePassword = useChangePassword(userId);
  const form = useSchemaForm(changePasswordFormSchema, EMPTY);

  const submit = form.handleSubmit(({ oldPassword, newPassword }) => {
    changePassword.mutate(
      { email, oldPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          toast.success(t('account.messages.passwordChanged'));
        },
        onError: (error) => {
          // The old password travels as the credentials: a 401 or 404 means it was not right.
          if (isApiError(error) && (error.status === 401 || error.status === 404)) {
            form.showServerErrors({ oldPassword: t('account.checkPassword') }, { localised: true });
          } else {
            const newPasswordError = serverFieldMessages(error).password;
            if (newPasswordError) form.showServerErrors({ newPassword: newPasswordError });
          }
          // Spec: any non-200, network errors included, is 'Error changing password'.
          toast.error(t('settings.changePassword.failed'));
        },
      },
    );
  });

  const password = form.values.newPassword;
  const length = [...password].length;
  const requirements = [
    {
      key: 'length',
      met: length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH,
      text: t('settings.changePassword.requirements.length', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }),
    },
    { key: 'letter', met: LETTER.test(password), text: t('settings.changePassword.requirements.letter') },
    { key: 'digit', met: DIGIT.test(password), text: t('settings.changePassword.requirements.digit') },
    { key: 'special', met: SPECIAL.test(password), text: t('settings.changePassword.requirements.special') },
  ];

  return (
    <form ref={form.formRef} noValidate onSubmit={submit} className="flex max-w-lg flex-col gap-5">
      <PasswordField
        {...form.field('oldPassword')}
        label={t('settings.changePassword.fields.oldPassword')}
        autoComplete="current-password"
      />
      <PasswordField
        {...form.field('newPassword')}
        label={t('settings.changePassword.fields.newPassword')}
        autoComplete="new-password"
        aria-describedby="password-requirements"
      />
      <div id="password-requirements" className="rounded-control border border-neutral-200 bg-neutral-50 px-4 py-3">
        <p className="text-sm font-semibold text-neutral-800">{t('settings.changePassword.requirements.title')}</p>
        <ul className="mt-2 grid gap-1.5 sm:grid-cols-2">
          {requirements.map(({ key, met, text }) => (
            <li
              key={key}
              className={cx('flex items-center gap-2 text-sm', met ? 'text-primary-700' : 'text-neutral-600')}
            >
              <Check className={cx('size-4 shrink-0', met ? 'opacity-100' : 'opacity-30')} aria-hidden="true" />
              {text}
            </li>
          ))}
        </ul>
      </div>
      <PasswordField
        {...form.field('confirmPassword')}
        label={t('settings.changePassword.fields.confirmPassword')}
        autoComplete="new-password"
      />
      <div className="flex justify-end border-t border-neutral-200 pt-6">
        <Button
          type="submit"
          className="w-full sm:w-auto"
          loading={changePassword.isPending}
          icon={<KeyRound className="size-4.5" aria-hidden="true" />}
        >
          {changePassword.isPending ? t('settings.changePassword.submitting') : t('settings.changePassword.submit')}
        </Button>
      </div>
    </form>
  );
}
