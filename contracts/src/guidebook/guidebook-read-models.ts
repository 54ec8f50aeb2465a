/** Read-model documents are shapes shared by their projector (writer) and query-api (reader). */
export const GUIDEBOOK_LIST = 'guidebook-list';

export type GuidebookListDoc = {
  id: string;
  uuid: string;
  title: string;
  createdAt: string;
  updatedAt: string;
};
