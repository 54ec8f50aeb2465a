import { LegalPage } from '../../features/landing/legal/legal-page.tsx';
import { termsEn } from '../../features/landing/legal/terms.en.ts';
import { termsKo } from '../../features/landing/legal/terms.ko.ts';

const documents = { ko: termsKo, en: termsEn };

/** `/terms`: the terms of service signing up asks consent to (issue 11); open to everyone. */
export function TermsRoute() {
  return <LegalPage documents={documents} kind="terms" />;
}
