/**
 * Where the lists link to. The routes pass them in (they own the paths), so this feature knows no route table.
 */
export type GuidebookLinks = {
  edit: (guidebookId: string) => string;
  preview: (guidebookId: string) => string;
  /** what readers did with it (issue 24); the views figure links there */
  insights?: (guidebookId: string) => string;
  create: string;
  sample: string;
  /** administrators: the owner's page */
  owner?: (userId: string) => string;
};
