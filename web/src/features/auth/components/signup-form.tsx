import { useCallback, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { CircleAlert, UserPlus } from 'lucide-react';
import { ACCOUNT_MESSAGES, signupBodySchema, type SignupAccepted } from '@pocketguide/contracts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { CompanyFields } from '../../../components/company-fields.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { paths } from '../../../app/paths.ts';
import { useAccountMessage } from '../../../lib/account-message.ts';
import { isApiError, isNetworkError } from '../../../lib/api-client.ts';
import { serverFieldMessages } from '../../../lib/form-errors.ts';
import { toWireLanguage, type Language } from '../../../lib/language.ts';
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
  const localise = useAccountMessage();
  // Consent to the terms and the privacy policy: a checkbox the schema requires (`agreeToTerms: true`).
  const [agreed, setAgreed] = useState(false);
  const [consentAsked, setConsentAsked] = useState(false);
  // The account keeps the language the person signed up in; its mails come in that language too.
  const extra = useCallback(
    () => ({ language: toWireLanguage(i18n.language as Language), agreeToTerms: agreed }),
    [i18n.language, agreed],
  );
  const form = useSchemaForm(signupBodySchema, EMPTY, extra);

  const send = form.handleSubmit((body) => {
    signUp.mutate(body, {
      onSuccess: onSignedUp,
      onError: (error) => {
        if (isApiError(error) && error.status === 409) form.showServerErrors({ email: ACCOUNT_MESSAGES.emailTaken });
        else form.showServerErrors(serverFieldMessages(error));
      },
    });
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    setConsentAsked(true);
    send(event);
  };
  const consentError = consentAsked && !agreed ? localise(ACCOUNT_MESSAGES.termsRequired) : undefined;

  const failure = signUp.error;
  // Refusals the server pinned on a field show there; anything else is the spec's generic signup message.
  const showBanner =
    failure !== null &&
    !isNetworkError(failure) &&
    !(isApiError(failure) && (failure.status === 409 || failure.fieldErrors.length > 0));

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
          <PasswordField
            {...form.field('confirmPassword')}
            label={t('auth.fields.confirmPassword')}
            autoComplete="new-password"
          />
        </div>
        <TextField
          {...form.field('name')}
          label={t('auth.fields.name')}
          autoComplete="name"
          placeholder={t('auth.placeholders.name')}
        />
      </fieldset>

      <CompanyFields legend={t('signup.sections.company')} field={form.field} addressRequired={false} />

      <ConsentField checked={agreed} onChange={setAgreed} error={consentError} />

      {showBanner ? <Banner tone="alert">{t('account.signupFailed')}</Banner> : null}

      <div className="flex flex-col gap-4">
        <Button
          type="submit"
          className="w-full"
          loading={signUp.isPending}
          icon={<UserPlus className="size-4.5" aria-hidden="true" />}
        >
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

/** "I agree to the Terms of Service and Privacy Policy", each a link (opened beside the form, so nothing typed is lost). */
function ConsentField({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const link = 'font-semibold text-primary-700 underline underline-offset-4';
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name="agreeToTerms"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-5 shrink-0 rounded accent-primary-600"
        />
        <label htmlFor={id} className="text-sm text-neutral-800">
          <Trans
            i18nKey="signup.consent"
            components={{
              terms: <Link to={paths.terms.getHref()} target="_blank" rel="noopener" className={link} />,
              privacy: <Link to={paths.privacy.getHref()} target="_blank" rel="noopener" className={link} />,
            }}
          />
        </label>
      </div>
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm text-alert-700">
          <CircleAlert className="mt-0.75 size-4 shrink-0" aria-hidden="true" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
