import { LEGAL_CONTACT_EMAIL, LEGAL_EFFECTIVE_DATE, type LegalDocument } from './legal-document.ts';

export const privacyEn: LegalDocument = {
  title: 'PocketGuide Privacy Policy',
  effective: LEGAL_EFFECTIVE_DATE,
  intro:
    'PocketGuide Inc. (the "Company") protects your personal information under the Korean Personal Information Protection Act and publishes this policy so that you know what we collect, why, and what you can do about it. The Korean version governs where the two differ.',
  sections: [
    {
      id: 'collected',
      title: '1. What we collect',
      body: [
        [
          'Signing up (required): email, password, name, company name',
          'Signing up (optional): company address, company phone number, company website',
          'Signing in with Kakao: the email and nickname Kakao provides',
          'Profile (optional): a portrait photo',
          'Paid plans: the payment identifiers issued by the payment provider, amount and time of payment, card issuer name (we never store card numbers)',
          'Created as you use the Service: IP address, browser details, access times and usage records',
        ],
        'We collect no personal information from people who read published guidebooks. To count views we use connection details briefly, in a form that does not identify anyone, and do not keep them.',
      ],
    },
    {
      id: 'purposes',
      title: '2. Why we use it',
      body: [
        [
          'Confirming signups, verifying emails, signing in and resetting passwords',
          'Providing the Service: editing, publishing and sharing guidebooks',
          'Taking payments for paid plans, monthly renewals, refunds and receipts',
          'Announcements, notices of changes, answering questions and complaints',
          'Preventing abuse and keeping the Service secure (such as limiting login attempts), and usage statistics to improve it',
        ],
      ],
    },
    {
      id: 'retention',
      title: '3. How long we keep it',
      body: [
        'We destroy your personal information without delay when you close your account. When a paid subscription ends, your guidebooks are kept for 6 months in case you subscribe again, then destroyed. Korean law requires us to keep some records for set periods:',
        [
          'Records of contracts, cancellations, payments and supply: 5 years (Act on Consumer Protection in Electronic Commerce)',
          'Records of consumer complaints and disputes: 3 years (same Act)',
          'Website access logs: 3 months (Protection of Communications Secrets Act)',
        ],
      ],
    },
    {
      id: 'third-parties',
      title: '4. Sharing with third parties',
      body: [
        'We do not give your personal information to third parties, unless you agree or the law specifically requires it.',
      ],
    },
    {
      id: 'processors',
      title: '5. Service providers who process it for us',
      body: [
        'We entrust the following work to specialist providers, bound by contract to protect your information. We update this policy when a provider changes.',
        [
          'Payments and monthly renewals: an electronic payment gateway (PG)',
          'Sending email (verification, password resets, notices): an email delivery service',
          'Running servers and storing data: a cloud hosting provider (Korean region)',
        ],
      ],
    },
    {
      id: 'rights',
      title: '6. Your rights',
      body: [
        'You may at any time ask to see, correct or delete your personal information, or ask us to stop processing it. You can edit your profile and company details yourself in the settings; for anything else, email the privacy officer below and we act within 10 days.',
        'We do not accept signups from children under 14.',
      ],
    },
    {
      id: 'destruction',
      title: '7. How we destroy it',
      body: [
        'Information whose retention period has ended, or whose purpose has been met, is destroyed without delay: electronic files so that they cannot be recovered, paper by shredding or incineration.',
      ],
    },
    {
      id: 'security',
      title: '8. How we keep it safe',
      body: [
        [
          'Passwords are stored only as one-way hashes (scrypt)',
          'All traffic is encrypted with HTTPS',
          'Access to personal information is limited to the few who need it, and logged',
          'Repeated failed logins and abnormal requests are limited',
        ],
      ],
    },
    {
      id: 'storage',
      title: '9. Cookies and browser storage',
      body: [
        'The Service uses no advertising or tracking cookies. It keeps your sign-in, language choice and dismissed notices in your browser’s storage (localStorage); signing out or clearing it in your browser removes them.',
      ],
    },
    {
      id: 'officer',
      title: '10. Privacy officer',
      body: [`Privacy officer: Gildong Hong (CEO) · email ${LEGAL_CONTACT_EMAIL}`],
    },
    {
      id: 'remedies',
      title: '11. Where else to turn',
      body: [
        'For reports or advice about a privacy infringement you may also contact:',
        [
          'Personal Information Dispute Mediation Committee: 1833-6972 (www.kopico.go.kr)',
          'Personal Information Infringement Report Center: 118 (privacy.kisa.or.kr)',
          'Supreme Prosecutors’ Office: 1301 (www.spo.go.kr)',
          'Korean National Police Agency: 182 (ecrm.police.go.kr)',
        ],
      ],
    },
    {
      id: 'changes',
      title: '12. Changes to this policy',
      body: [
        'This policy applies from its effective date. Changes are announced in the Service 7 days before they take effect.',
      ],
    },
  ],
};
