import type { GuidebookDocument } from '@pocketguide/contracts';

/**
 * The documents this process's decisions made (issue 20), shared by the deciding side
 * (`guidebook-document-change.ts`) and the folding side (`guidebook-state.ts`):
 *
 * - `validDocuments`: checked (whole, or by their change from a checked one), and `normalisedDocuments`: normalised
 *   too. A save on one of them checks and normalises only what its patches touched (`validateDocumentChange`,
 *   `normaliseDocumentChange`): the same verdict, issue and result as over the whole document, for a fraction of the
 *   cost of a one-field save on a 20 KB document. Any other document (loaded from a snapshot, folded from stored
 *   events) is checked and normalised whole, once; the document that save makes is then known.
 * - `decidedDocuments`: the document a decision made, by its event's data. Folding that very event (the command
 *   handler evolves the state with the events it just appended) takes this document, equal to applying the event's
 *   patches and already known, instead of applying them again. Events read from the store are other objects and
 *   are applied as usual.
 */
export const validDocuments = new WeakSet<GuidebookDocument>();
export const normalisedDocuments = new WeakSet<GuidebookDocument>();
export const decidedDocuments = new WeakMap<object, GuidebookDocument>();
