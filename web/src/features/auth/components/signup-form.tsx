import { useCallback } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UserPlus } from 'lucide-react';
import { ACCOUNT_MESSAGES, signupBodySchema, type SignupAccepted } from '@pocketguide/contracts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { CompanyFields } from '../../../components/company-fields.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { isApiError, isNetworkError } from '../../../lib/api-client.ts';
import { serverFieldMessages } from '../../../lib/form-errors.ts';
import { toWireLanguage, type Language } from '../../../lib/i18n.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useSignUp } from '../api/sign-up.ts';

type SignupFormProps = {
  onSignedUp: (accepted: SignupAccepted) => void;
  loginHref: string;
};

const EMPTY = {
  email: '',
  password: '',
  confirmPassword: '',
  name: '',
  companyName: '',
  companyAddress: '',
  companyPhone: '',
  companyWebsite: '',
};

export function SignupForm({ onSignedUp, loginHref }: SignupFormProps) {
  const { t, i18n } = useTranslation();
  const signUp = useSignUp();
  // The account keeps the language the person signed up in; its mails come in that language too.
  const extra = useCallback(() => ({ language: toWireLanguage(i18n.language as Language) }), [i18n.language]);
  const form = useSchemaForm(signupBodySchema, EMPTY, extra);

  const submit = form.handleSubmit((body) => {
    signUp.mutate(body, {
      onSuccess: onSignedUp,
      onError: (error) => {
        if (isApiError(error) && error.status === 409) form.showServerErrors({ email: ACCOUNT_MESSAGES.emailTaken });
        else form.showServerErrors(serverFieldMessages(error));
      },
    });
  });

  const failure = signUp.error;
  // Refusals the server pinned on a field show there; anything else is the spec's generic signup message.
  const showBanner =
    failure !== null && !isNetworkError(failure) && !(isApiError(failure) && (failure.status === 409 || failure.fieldErrors.length > 0));

  return (
    <form ref={form.formRef} noValidate onSubmit={submit} className="flex flex-col gap-8">
      <fieldset className="flex flex-col gap-5">
        <legend className="mb-4 text-base font-bold text-neutral-900">{t('signup.sections.account')}</legend>
        <TextField
          {...form.field('email')}
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="off"
          placeholder={t('auth.placeholders.email')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <PasswordField
            {...form.field('password')}
            label={t('auth.fields.password')}
            autoComplete="new-password"
            hint={t('account.messages.passwordHint')}
            keepHint
          />
          <PasswordField {...form.field('confirmPassword')} label={t('auth.fields.confirmPassword')} autoComplete="new-password" />
        </div>
        <TextField {...form.field('name')} label={t('auth.fields.name')} autoComplete="name" placeholder={t('auth.placeholders.name')} />
      </fieldset>

      <CompanyFields legend={t('signup.sections.company')} field={form.field} addressRequired={false} />

      {showBanner ? <Banner tone="alert">{t('account.signupFailed')}</Banner> : null}

      <div className="flex flex-col gap-4">
        <Button type="submit" className="w-full" loading={signUp.isPending} icon={<UserPlus className="size-4.5" aria-hidden="true" />}>
          {signUp.isPending ? t('signup.submitting') : t('signup.submit')}
        </Button>
        <p className="text-center text-sm text-neutral-600">
          {t('signup.haveAccount')}{' '}
          <Link to={loginHref} className="font-semibold text-primary-700 underline-offset-4 hover:underline">
            {t('signup.loginLink')}
          </Link>
        </p>
      </div>
    </form>
  );
}
