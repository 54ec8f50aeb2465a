import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_MESSAGES } from '@pocketguide/contracts';

type AccountMessageKey = keyof typeof ACCOUNT_MESSAGES;

const keyByText = new Map<string, AccountMessageKey>(
  (Object.entries(ACCOUNT_MESSAGES) as [AccountMessageKey, string][]).map(([key, text]) => [text, key]),
);

// contracts' fileTooBigMessage: "file is too big (6.2 MB). The maximum is 5 MB."
const FILE_TOO_BIG = /^file is too big \(([\d.]+) MB\)\. The maximum is ([\d.]+) MB\.$/;

/**
 * The contracts' account messages are the spec's English texts, shared by the server's answers and the forms'
 * schemas; this finds the localised text for one. An unknown message is shown as it is in English and as a
 * generic "check this field" in Korean.
 */
export function useAccountMessage(): (message: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (message: string) => {
      const key = keyByText.get(message);
      // Read as a table rather than by typed key, so a message the server adds later falls back instead of
      // breaking the build; locales.test.ts makes sure every contracts message has a text in both languages.
      const texts: Record<string, string> = t('account.messages', { returnObjects: true });
      const text = key ? texts[key] : undefined;
      if (text) return text;
      const tooBig = FILE_TOO_BIG.exec(message);
      if (tooBig) return t('account.fileTooBigWithSize', { size: tooBig[1], max: tooBig[2] });
      return i18n.language === 'en' ? message : t('account.checkField');
    },
    [t, i18n.language],
  );
}
