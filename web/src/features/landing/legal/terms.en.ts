import { LEGAL_CONTACT_EMAIL, LEGAL_EFFECTIVE_DATE, type LegalDocument } from './legal-document.ts';

export const termsEn: LegalDocument = {
  title: 'PocketGuide Terms of Service',
  effective: LEGAL_EFFECTIVE_DATE,
  intro:
    'These terms set out how you may use PocketGuide (the "Service"), the mobile travel guidebook builder and publishing service run by PocketGuide Inc. (the "Company"), and the rights and duties of the Company and its members. The Korean version governs where the two differ.',
  sections: [
    {
      id: 'purpose',
      title: '1. Purpose and definitions',
      body: [
        'These terms govern your use of the Service.',
        [
          '"Member": a person or business that agreed to these terms and the Privacy Policy, signed up and verified their email',
          '"Guidebook": the pages a member builds in the Service: cover, menu, attractions, itinerary, preparations, air tickets and so on',
          '"Publishing": making a guidebook open to anyone at its public short link and QR code',
          '"Reader": anyone who reads a published guidebook (no account needed)',
        ],
      ],
    },
    {
      id: 'changes',
      title: '2. Publication and changes of these terms',
      body: [
        'The Company shows these terms on the front page and the signup page.',
        'The Company may change these terms within the law. Changes and their effective date are announced in the Service and by email 7 days in advance (30 days for changes unfavourable to members). Continuing to use the Service after that date without objecting means accepting the change; members who do not accept it may stop using the Service and close their account.',
      ],
    },
    {
      id: 'membership',
      title: '3. Signing up',
      body: [
        'To sign up, fill in your email, password, name and company details, agree to these terms and the Privacy Policy, and follow the verification link we email you.',
        'You must be at least 14 years old. The Company may refuse or restrict accounts registered with someone else’s details or false information.',
        'Keep your password to yourself, and tell us at once if you find your account has been used by someone else.',
      ],
    },
    {
      id: 'service',
      title: '4. What the Service offers',
      body: [
        [
          'A guidebook editor that shows each page exactly as readers see it on their phones, and a sample guidebook',
          'Publishing, sharing with a short link and a QR code, and optional password protection',
          'A place in the public gallery for the guidebooks members choose to show there',
          'Other features the Company develops or offers with partners',
        ],
        'The Company may pause the Service for maintenance, failures or events beyond its control, and announces planned pauses in advance.',
      ],
    },
    {
      id: 'trial-and-plans',
      title: '5. Free trial and paid plans',
      body: [
        'New members may build and edit guidebooks free for 14 days from signing up. Publishing a guidebook needs a paid plan.',
        'The names, monthly prices (VAT included) and contents of the paid plans are shown on the front page and the subscription page. Price changes are announced 30 days in advance.',
        'Monthly subscriptions are charged to your registered card on each expiry day. A charge of 100 won may be made and cancelled at once to check a card.',
        'The one-month Standard pass is charged once and does not renew. Members with an active subscription cannot buy it.',
      ],
    },
    {
      id: 'cancellation',
      title: '6. Unsubscribing and refunds',
      body: [
        'You may unsubscribe at any time on the subscription page of your settings. No further charge is made, and you keep the Service until the end of the period already paid. The one-month pass cannot be unsubscribed; it ends by itself.',
        'Within 7 days of a payment you may ask for a full refund if you have not used any paid feature, such as publishing. Other refunds follow the Korean Act on Consumer Protection in Electronic Commerce and related laws. Refunds are made by cancelling the charge on the original payment method.',
        'After a subscription ends, your guidebooks are kept for 6 months; subscribe again within that time to carry on where you left off.',
      ],
    },
    {
      id: 'content',
      title: '7. Your guidebooks',
      body: [
        'You own the text, photos, videos and other content of the guidebooks you make. You let the Company use them as far as needed to run the Service (storing, showing, making thumbnails and link previews, and showing them in the public gallery when you choose).',
        'Only upload content you own or may use, and do not infringe anyone’s copyright, likeness or privacy.',
        'The Company may stop publishing, or take out of the public gallery, content that breaks the law or these terms or that a rights holder reports, and tells the member when it does.',
        'The member who wrote a guidebook is responsible for the accuracy of its travel information (schedules, prices, opening hours and so on).',
      ],
    },
    {
      id: 'obligations',
      title: '8. Prohibited use',
      body: [
        [
          'Using another person’s account, or selling or buying accounts',
          'Publishing illegal or obscene material, hate speech, malware or phishing links',
          'Overloading the Service with automated tools or getting around its security',
          'Using the Service to collect readers’ personal information without their consent',
        ],
        'The Company may warn, stop publishing, hide the account or end the agreement of a member who does any of the above. Members may appeal such a decision.',
      ],
    },
    {
      id: 'withdrawal',
      title: '9. Closing your account',
      body: [
        `You may ask to close your account at any time at ${LEGAL_CONTACT_EMAIL}; we do so without delay. Your published guidebooks stop opening, and your personal information is destroyed as the Privacy Policy describes.`,
      ],
    },
    {
      id: 'liability',
      title: '10. Limitation of liability',
      body: [
        'The Company is not liable for damage caused by events beyond its control, by the member, or by failures of third-party services (maps, videos, payments), except for damage caused by its intent or gross negligence.',
        'For features offered free of charge, the Company is liable only as far as the law requires.',
      ],
    },
    {
      id: 'disputes',
      title: '11. Disputes',
      body: [
        `Send questions and complaints to ${LEGAL_CONTACT_EMAIL}; we answer promptly.`,
        'These terms are governed by the laws of the Republic of Korea. Lawsuits go to the court that has jurisdiction under the Korean Civil Procedure Act.',
      ],
    },
    {
      id: 'addendum',
      title: 'Addendum',
      body: [`These terms take effect on ${LEGAL_EFFECTIVE_DATE}.`],
    },
  ],
};
