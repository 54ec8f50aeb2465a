import { z } from 'zod';

export const DEFAULT_GUIDEBOOK_TITLE = 'Untitled Guidebook';
export const GUIDEBOOK_TITLE_MAX = 200;
export const LIST_PAGE_SIZE = 10;

export const guidebookTitleSchema = z
  .string()
  .trim()
  .min(1, 'Title cannot be empty')
  .max(GUIDEBOOK_TITLE_MAX, `Title must be at most ${GUIDEBOOK_TITLE_MAX} characters`);
