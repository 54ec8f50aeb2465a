import { z } from 'zod';
import { pageNumber } from '../list-query.ts';
import { LIST_PAGE_SIZE } from './guidebook-limits.ts';

// The write calls' bodies and answers are in `guidebook-commands-http.ts`.

export const guidebookListItemSchema = z.object({
  _id: z.string(),
  uuid: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GuidebookListItem = z.infer<typeof guidebookListItemSchema>;

export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    results: z.array(item),
    page: z.number().int(),
    pageCount: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
  });

export const guidebookListSchema = pagedSchema(guidebookListItemSchema);
export type GuidebookList = z.infer<typeof guidebookListSchema>;

export const listQuerySchema = z.object({
  page: pageNumber,
  pageSize: z.coerce.number().int().min(1).max(100).default(LIST_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
});
