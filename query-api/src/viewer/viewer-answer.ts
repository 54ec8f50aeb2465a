import type { GuidebookViewerDoc } from '@pocketguide/contracts';
import {
  viewerPaths,
  type LockedViewerGuidebook,
  type ViewerCredit,
  type ViewerGuidebook,
} from '@pocketguide/contracts/viewer/viewer-shapes';
import { guidebookLanguage } from '@pocketguide/contracts/viewer/guidebook-language';
import type { ViewerLanguage } from '@pocketguide/contracts/viewer/viewer-texts';

/**
 * Partner owners (spec 1 §1: "when the guidebook belongs to one specific partner owner account it reads
 * 'Developed by' the partner"). Configured, not stored: `PARTNER_OWNERS` lists `<userId>=<name>[|<url>]` entries
 * separated by `;`. The credit is looked up when a guidebook is served, so changing the list needs no rebuild.
 */
export type PartnerOwners = ReadonlyMap<string, { name: string; url?: string }>;

export class PartnerOwnersError extends Error {
  override readonly name = 'PartnerOwnersError';
}

export function parsePartnerOwners(value: string | undefined): PartnerOwners {
  const partners = new Map<string, { name: string; url?: string }>();
  for (const entry of (value ?? '').split(';')) {
    if (entry.trim() === '') continue;
    const equals = entry.indexOf('=');
    const userId = entry.slice(0, Math.max(0, equals)).trim();
    const [name = '', url] = entry
      .slice(equals + 1)
      .split('|')
      .map((part) => part.trim());
    if (equals <= 0 || userId === '' || name === '')
      throw new PartnerOwnersError(`PARTNER_OWNERS: "${entry.trim()}" is not <userId>=<name>[|<url>]`);
    if (url !== undefined && url !== '' && !/^https?:\/\/\S+$/i.test(url))
      throw new PartnerOwnersError(`PARTNER_OWNERS: "${url}" is not an http(s) address`);
    partners.set(userId, url ? { name, url } : { name });
  }
  return partners;
}

export const creditFor = (ownerId: string, partners: PartnerOwners): ViewerCredit => {
  const partner = partners.get(ownerId);
  return partner ? { kind: 'developed', ...partner } : { kind: 'powered' };
};

const languages = new Map<string, ViewerLanguage | null>();
const LANGUAGE_CACHE = 5_000;

/**
 * The language a published guidebook is written in (its buttons follow it, issue 11), remembered per version so a
 * busy guidebook's document is read once, not at every page view.
 */
export function languageOf(
  doc: Pick<GuidebookViewerDoc, 'id' | 'updatedAt' | 'title' | 'document'>,
): ViewerLanguage | null {
  const key = `${doc.id}@${doc.updatedAt}`;
  if (languages.has(key)) return languages.get(key) ?? null;
  const language = guidebookLanguage(doc.title, doc.document);
  if (languages.size >= LANGUAGE_CACHE) languages.delete(languages.keys().next().value ?? '');
  languages.set(key, language);
  return language;
}

const withLanguage = (language: ViewerLanguage | null) => (language ? { language } : {});

export type ViewerAnswerOptions = { publicBaseUrl: string; partners: PartnerOwners };

export const shareUrlOf = (uuid: string, publicBaseUrl: string) => `${publicBaseUrl}${viewerPaths.mobile(uuid)}`;

/** The open answer: the whole document with what the page around it needs. Never the password hash. */
export function openAnswer(doc: GuidebookViewerDoc, { publicBaseUrl, partners }: ViewerAnswerOptions): ViewerGuidebook {
  return {
    locked: false,
    id: doc.id,
    uuid: doc.uuid,
    title: doc.title,
    description: doc.description,
    image: doc.image,
    shareUrl: shareUrlOf(doc.uuid, publicBaseUrl),
    document: doc.document,
    credit: creditFor(doc.ownerId, partners),
    hasPassword: doc.hasPassword,
    published: doc.published,
    updatedAt: doc.updatedAt,
    ...withLanguage(languageOf(doc)),
  };
}

/** The gate's answer: the title and the address, nothing of the content. */
export function lockedAnswer(
  doc: GuidebookViewerDoc,
  { publicBaseUrl }: Pick<ViewerAnswerOptions, 'publicBaseUrl'>,
): LockedViewerGuidebook {
  return {
    locked: true,
    hasPassword: true,
    uuid: doc.uuid,
    title: doc.title,
    shareUrl: shareUrlOf(doc.uuid, publicBaseUrl),
    ...withLanguage(languageOf(doc)),
  };
}

/** An absolute address for link previews (crawlers do not resolve root-relative ones). */
export function absoluteUrl(url: string, publicBaseUrl: string): string {
  return /^https?:\/\//i.test(url) ? url : `${publicBaseUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}
