/**
 * The terms of service and the privacy policy, as data: one module per document and language, loaded only by
 * `/terms` and `/privacy` (long texts stay out of the locale files every page loads).
 */
export type LegalSection = {
  /** the anchor of the section (`/privacy#retention`) */
  id: string;
  title: string;
  /** paragraphs; a paragraph given as a list of strings is drawn as a bulleted list */
  body: (string | string[])[];
};

export type LegalDocument = {
  title: string;
  /** an ISO date (YYYY-MM-DD); shown in the reader's language */
  effective: string;
  intro: string;
  sections: LegalSection[];
};

/** Both documents take effect together; a change to either gets a new date here and a notice to members. */
export const LEGAL_EFFECTIVE_DATE = '2026-11-25';
export const LEGAL_CONTACT_EMAIL = 'help@pocketguide.example';
