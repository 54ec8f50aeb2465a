import { LegalPage } from '../../features/landing/legal/legal-page.tsx';
import { privacyEn } from '../../features/landing/legal/privacy.en.ts';
import { privacyKo } from '../../features/landing/legal/privacy.ko.ts';

const documents = { ko: privacyKo, en: privacyEn };

/** `/privacy`: the privacy policy signing up asks consent to (issue 11); open to everyone. */
export function PrivacyRoute() {
  return <LegalPage documents={documents} kind="privacy" />;
}
