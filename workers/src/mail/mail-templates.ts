import { PASSWORD_RESET_TTL_MINUTES, type Language } from '@pocketguide/contracts';

/** The account mails, in Korean (the default) and English, as plain text and simple HTML. */
export type ComposedMail = { subject: string; text: string; html: string };

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function compose(
  subject: string,
  paragraphs: { before: string[]; link: string; linkLabel: string; after: string[] },
): ComposedMail {
  const text = [...paragraphs.before, paragraphs.link, ...paragraphs.after].join('\n\n');
  const p = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    ...paragraphs.before.map(p),
    `<p><a href="${escapeHtml(paragraphs.link)}">${escapeHtml(paragraphs.linkLabel)}</a></p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(paragraphs.link)}</p>`,
    ...paragraphs.after.map(p),
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

export function verificationMail(input: { name: string; link: string; language: Language }): ComposedMail {
  if (input.language === 'en') {
    return compose('Verify your PocketGuide email address', {
      before: [
        `Hello ${input.name},`,
        'Welcome to PocketGuide. Please confirm your email address by opening this link:',
      ],
      link: input.link,
      linkLabel: 'Verify my email',
      after: ['If you did not sign up for PocketGuide, you can ignore this email.'],
    });
  }
  return compose('[포켓가이드] 이메일 인증을 완료해 주세요', {
    before: [
      `${input.name}님, 안녕하세요.`,
      '포켓가이드에 가입해 주셔서 감사합니다. 아래 링크를 열어 이메일 인증을 완료해 주세요.',
    ],
    link: input.link,
    linkLabel: '이메일 인증하기',
    after: ['가입하지 않으셨다면 이 메일을 무시하셔도 됩니다.'],
  });
}

export function passwordResetMail(input: { name: string; link: string; language: Language }): ComposedMail {
  if (input.language === 'en') {
    return compose('Reset your PocketGuide password', {
      before: [
        `Hello ${input.name},`,
        `We received a request to reset your password. Open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes to choose a new one:`,
      ],
      link: input.link,
      linkLabel: 'Choose a new password',
      after: ['If you did not ask for this, you can ignore this email: your password stays the same.'],
    });
  }
  return compose('[포켓가이드] 비밀번호 재설정 안내', {
    before: [
      `${input.name}님, 안녕하세요.`,
      `비밀번호 재설정 요청을 받았습니다. ${PASSWORD_RESET_TTL_MINUTES}분 안에 아래 링크를 열어 새 비밀번호를 설정해 주세요.`,
    ],
    link: input.link,
    linkLabel: '새 비밀번호 설정하기',
    after: ['요청하지 않으셨다면 이 메일을 무시하셔도 됩니다. 비밀번호는 바뀌지 않습니다.'],
  });
}

/** The layout every product mail shares (the billing notices use it: `workers/src/billing/billing-mail.ts`). */
export const composeMail = compose;
