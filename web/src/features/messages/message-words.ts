import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { messageWordsIn, type Message } from '@pocketguide/contracts';

export type MessageWords = ReturnType<typeof messageWordsIn>;

/**
 * The words of a message as a member reads them (issue 23): in the interface's language, which follows the
 * account's once signed in — the English version for English readers when the message has one, the Korean words
 * otherwise. `language` goes on the element that shows them, so a Korean fallback is read out as Korean.
 */
export function useMessageWords(): (message: Pick<Message, 'title' | 'message' | 'titleEn' | 'messageEn'>) => MessageWords {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback((message) => messageWordsIn(message, language), [language]);
}
