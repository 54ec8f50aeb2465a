import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, isNetworkError } from './api-client.ts';

/**
 * The text a person sees for a failed call: a localised text for a known `code`, else the server's (English)
 * message when reading in English, else a generic localised text.
 */
export function useErrorMessage(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown) => {
      if (isNetworkError(error)) return t('errors.network');
      if (!isApiError(error)) return t('errors.generic');
      const known: Record<string, string> = t('errors.codes', { returnObjects: true });
      const localised = known[error.code];
      if (localised) return localised;
      if (i18n.language === 'en' && error.message) return error.message;
      return t('errors.generic');
    },
    [t, i18n.language],
  );
}
