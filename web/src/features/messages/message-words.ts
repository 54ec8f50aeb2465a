import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { billingNoticeMessageId, messageWordsIn, type Message } from '@pocketguide/contracts';

/** The words shown, and the language they are in (`undefined`: the interface's own). */
export type MessageWords = { title: string; message: string; language: 'ko' | 'en' | undefined };

/**
 * The words of a message as a member reads them (issue 23): in the interface's language, which follows the
 * account's once signed in — the English version for English readers when the message has one, the Korean words
 * otherwise. `language` goes on the element that shows them, so a Korean fallback is read out as Korean. A billing
 * notice is already in the account's language (the worker wrote it so): it has no language of its own to mark.
 */
export function useMessageWords(): (
  message: Pick<Message, '_id' | 'title' | 'message' | 'titleEn' | 'messageEn'>,
) => MessageWords {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback(
    (message) => {
      const words = messageWordsIn(message, language);
      return message._id.startsWith(billingNoticeMessageId('')) ? { ...words, language: undefined } : words;
    },
    [language],
  );
}
