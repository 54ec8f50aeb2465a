import type { TFunction } from 'i18next';
import type { AuditEntry } from '@pocketguide/contracts';

/** Whether a Korean word ends in a final consonant (받침); null when it does not end in a Hangul syllable. */
function finalConsonant(word: string): number | null {
  const last = word.trim().at(-1);
  if (!last) return null;
  const code = last.charCodeAt(0);
  if (code < 0xac00 || code > 0xd7a3) return null;
  return (code - 0xac00) % 28;
}

/** 이/가 after a name: 김철수가, 관리자 김민준이; 이(가) after a name in other letters, whose sound is not known. */
export function subjectParticle(word: string): string {
  const batchim = finalConsonant(word);
  if (batchim === null) return '이(가)';
  return batchim === 0 ? '가' : '이';
}

/** (으)로 after a value: pro로, 프로로, 관리자로; 으로 after a final consonant other than ㄹ (plan names in Latin letters take 로). */
export function directionParticle(word: string): string {
  const batchim = finalConsonant(word);
  if (batchim === null) return '로';
  return batchim === 0 || batchim === 8 ? '로' : '으로';
}

/** Steps taken through a link mailed to the account's address: only its holder has the link, though not signed in. */
const BY_MAILED_LINK = new Set(['UserActivated', 'PasswordResetCompleted']);

/** Who did it, as a person reads it: "관리자 김철수" / "Admin Kim", "시스템", or the id when the person is gone. */
export function actorLabel(entry: Pick<AuditEntry, 'actor' | 'actorId'> & { type?: string }, t: TFunction): string {
  if (entry.actorId === 'system') return t('audit.actor.system');
  if (entry.actorId === 'anonymous')
    return t(
      entry.type !== undefined && BY_MAILED_LINK.has(entry.type) ? 'audit.actor.holder' : 'audit.actor.anonymous',
    );
  if (!entry.actorId) return t('audit.actor.unknown');
  const name = entry.actor?.name || entry.actor?.email || entry.actorId.slice(0, 8);
  return entry.actor?.isAdmin ? t('audit.actor.admin', { name }) : t('audit.actor.user', { name });
}

/**
 * The entry as one readable sentence in the reader's language ("관리자 김철수가 요금제를 pro로 변경", "Admin Kim
 * changed the plan to pro"). A type without a sentence falls back to its name.
 */
export function describeEvent(entry: AuditEntry, t: TFunction, exists: (key: string) => boolean): string {
  const key = `audit.events.${entry.type}`;
  if (!exists(key)) return entry.type;
  const actor = actorLabel(entry, t);
  const summary = entry.summary;
  const value = (name: string) => (summary[name] === undefined || summary[name] === null ? '' : String(summary[name]));
  // plan names and mail kinds are stored as codes: each is named in the reader's language
  const named = (prefix: string, code: string): string =>
    code !== '' && exists(`${prefix}.${code}`) ? (t as unknown as (key: string) => string)(`${prefix}.${code}`) : code;
  const plan = named('plans', value('plan'));
  const kind = named('audit.mailKinds', value('kind'));
  const target = plan || value('role');
  const amount = typeof summary.amount === 'number' ? summary.amount.toLocaleString() : value('amount');
  return (t as unknown as (key: string, options: Record<string, unknown>) => string)(key, {
    ...summary,
    ...(plan ? { plan } : {}),
    ...(kind ? { kind } : {}),
    actor,
    ga: subjectParticle(actor),
    ro: directionParticle(target),
    amount,
    count: typeof summary.patchesCount === 'number' ? summary.patchesCount : 1,
    // an event that carries an English version beside the Korean (a message, issue 23) says so where its type has an
    // `_english` sentence (i18next's context); the English words themselves are in the entry's details
    ...(typeof summary.titleEn === 'string' && summary.titleEn !== '' ? { context: 'english' } : {}),
    interpolation: { escapeValue: false },
  });
}
