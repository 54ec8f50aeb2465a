import { useTranslation } from 'react-i18next';
import { DEFAULT_GUIDEBOOK_TITLE } from '@pocketguide/contracts';

/**
 * A guidebook's title as the lists show it. The list read model stores the English default for a blank title, so
 * both read as 'Untitled Guidebook' in the reader's language.
 */
export function useTitleOf(): (guidebook: { title: string }) => string {
  const { t } = useTranslation();
  return ({ title }) => {
    const trimmed = title.trim();
    return trimmed === '' || trimmed === DEFAULT_GUIDEBOOK_TITLE ? t('guidebookLists.untitled') : trimmed;
  };
}
