import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { toast } from 'sonner';
import { resetPasswordFormSchema } from '@pocketguide/contracts';
import { Button } from '../../../components/button.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { serverFieldMessages } from '../../../lib/form-errors.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useResetPassword } from '../api/reset-password.ts';

type ResetPasswordFormProps = {
  token: string;
  onReset: () => void;
  /** the link was spent or expired between the check and the submit */
  onLinkInvalid: () => void;
};

export function ResetPasswordForm({ token, onReset, onLinkInvalid }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const resetPassword = useResetPassword(token);
  const form = useSchemaForm(resetPasswordFormSchema, { password: '', confirmPassword: '' });

  const submit = form.handleSubmit(({ password }) => {
    resetPassword.mutate(password, {
      onSuccess: onReset,
      onError: (error) => {
        if (isApiError(error) && error.status === 404) {
          onLinkInvalid();
          return;
        }
        const onFields = serverFieldMessages(error);
        if (Object.keys(onFields).length > 0) form.showServerErrors(onFields);
        // Spec: any other failure shows the server's error as a toast.
        else toast.error(describeError(error));
      },
    });
  });

  return (
    <form ref={form.formRef} noValidate onSubmit={submit} className="flex flex-col gap-5">
      <PasswordField
        {...form.field('password')}
        label={t('resetPassword.fields.password')}
        autoComplete="new-password"
        hint={t('account.messages.passwordHint')}
        keepHint
      />
      <PasswordField
        {...form.field('confirmPassword')}
        label={t('resetPassword.fields.confirmPassword')}
        autoComplete="new-password"
      />
      <Button
        type="submit"
        className="mt-1 w-full"
        loading={resetPassword.isPending}
        icon={<KeyRound className="size-4.5" aria-hidden="true" />}
      >
        {resetPassword.isPending ? t('resetPassword.submitting') : t('resetPassword.submit')}
      </Button>
    </form>
  );
}
