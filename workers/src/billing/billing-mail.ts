import { REPORTING_UTC_OFFSET_MINUTES, type Language, type LapseReason, type SubscriptionType } from '@pocketguide/contracts';
import { composeMail, type ComposedMail } from '../mail/mail-templates.ts';

/**
 * The billing notices, in Korean (the default) and English. Links go to the subscription settings: the
 * purchase step (subscribe again) or the change-payment-method step (a declined card).
 */

export const PLAN_NAMES: Record<Language, Record<SubscriptionType, string>> = {
  kr: { free: '무료 체험', mini: '미니', standard: '스탠다드', pro: '프로', business: '비즈니스', enterprise: '엔터프라이즈', onemonth: '1개월 이용권' },
  en: { free: 'Free trial', mini: 'Mini', standard: 'Standard', pro: 'Pro', business: 'Business', enterprise: 'Enterprise', onemonth: 'One-month pass' },
};

/** YYYY.MM.DD in Korean time, as the web shows dates. */
export function noticeDate(date: Date): string {
  const local = new Date(date.getTime() + REPORTING_UTC_OFFSET_MINUTES * 60 * 1000);
  return local.toISOString().slice(0, 10).replaceAll('-', '.');
}

export const won = (amount: number, language: Language): string =>
  language === 'en' ? `KRW ${amount.toLocaleString('en-US')}` : `${amount.toLocaleString('en-US')}원`;

export const subscriptionLinks = (publicBaseUrl: string) => ({
  purchase: `${publicBaseUrl}/settings/subscription?step=purchase`,
  changeCard: `${publicBaseUrl}/settings/subscription?step=change-payment-method`,
  settings: `${publicBaseUrl}/settings/subscription`,
});

type Who = { name: string; language: Language };

export function renewalUpcomingMail(input: Who & { plan: SubscriptionType; amount: number; chargeAt: Date; link: string }): ComposedMail {
  const plan = PLAN_NAMES[input.language][input.plan];
  const date = noticeDate(input.chargeAt);
  if (input.language === 'en') {
    return composeMail(`Your PocketGuide ${plan} plan renews on ${date}`, {
      before: [`Hello ${input.name},`, `Your ${plan} plan renews on ${date}: ${won(input.amount, 'en')} (VAT included) will be charged to your card on file.`],
      link: input.link,
      linkLabel: 'Manage my subscription',
      after: ['To stop the renewal, unsubscribe before that date: your plan then runs to its end and is not charged again.'],
    });
  }
  return composeMail(`[포켓가이드] ${date}에 ${plan} 요금제가 갱신됩니다`, {
    before: [`${input.name}님, 안녕하세요.`, `${date}에 ${plan} 요금제가 갱신되며, 등록된 카드로 ${won(input.amount, 'kr')}(부가세 포함)이 결제됩니다.`],
    link: input.link,
    linkLabel: '구독 관리하기',
    after: ['갱신을 원하지 않으시면 그 전에 구독을 해지해 주세요. 남은 기간은 그대로 이용하실 수 있고, 다시 결제되지 않습니다.'],
  });
}

export function chargeFailedMail(input: Who & { plan: SubscriptionType; amount: number; failReason: string; nextAttemptAt: Date; link: string }): ComposedMail {
  const plan = PLAN_NAMES[input.language][input.plan];
  const next = noticeDate(input.nextAttemptAt);
  if (input.language === 'en') {
    return composeMail('Your PocketGuide payment did not go through', {
      before: [
        `Hello ${input.name},`,
        `We could not charge ${won(input.amount, 'en')} for your ${plan} plan (${input.failReason}).`,
        `We will try again on ${next}. Your plan stays active until then. To avoid an interruption, please check or change your card:`,
      ],
      link: input.link,
      linkLabel: 'Change my card',
      after: ['If the payment keeps failing, your plan will end after the last attempt.'],
    });
  }
  return composeMail('[포켓가이드] 결제에 실패했습니다', {
    before: [
      `${input.name}님, 안녕하세요.`,
      `${plan} 요금제의 갱신 결제(${won(input.amount, 'kr')})가 승인되지 않았습니다. (${input.failReason})`,
      `${next}에 다시 결제를 시도하며, 그때까지 요금제는 그대로 유지됩니다. 이용이 중단되지 않도록 카드를 확인하거나 변경해 주세요.`,
    ],
    link: input.link,
    linkLabel: '결제 카드 변경하기',
    after: ['마지막 시도까지 결제가 되지 않으면 요금제가 종료됩니다.'],
  });
}

const LAPSE_TEXT: Record<Language, Record<Exclude<LapseReason, 'admin'>, (plan: string) => { subject: string; line: string }>> = {
  en: {
    'trial-ended': () => ({ subject: 'Your PocketGuide free trial has ended', line: 'Your free trial has ended.' }),
    unsubscribed: (plan) => ({ subject: `Your PocketGuide ${plan} plan has ended`, line: `Your ${plan} plan has ended, as you unsubscribed.` }),
    'onemonth-ended': () => ({ subject: 'Your PocketGuide one-month pass has ended', line: 'Your one-month pass has ended.' }),
    'charge-failed': (plan) => ({ subject: `Your PocketGuide ${plan} plan has ended`, line: `Your ${plan} plan has ended because the renewal payment could not be made.` }),
  },
  kr: {
    'trial-ended': () => ({ subject: '[포켓가이드] 무료 체험 기간이 끝났습니다', line: '무료 체험 기간이 끝났습니다.' }),
    unsubscribed: (plan) => ({ subject: `[포켓가이드] ${plan} 요금제가 종료되었습니다`, line: `구독 해지에 따라 ${plan} 요금제가 종료되었습니다.` }),
    'onemonth-ended': () => ({ subject: '[포켓가이드] 1개월 이용권이 종료되었습니다', line: '1개월 이용권 기간이 끝났습니다.' }),
    'charge-failed': (plan) => ({ subject: `[포켓가이드] ${plan} 요금제가 종료되었습니다`, line: `갱신 결제가 이루어지지 않아 ${plan} 요금제가 종료되었습니다.` }),
  },
};

export function lapsedMail(input: Who & { plan: SubscriptionType; reason: Exclude<LapseReason, 'admin'>; link: string }): ComposedMail {
  const text = LAPSE_TEXT[input.language][input.reason](PLAN_NAMES[input.language][input.plan]);
  if (input.language === 'en') {
    return composeMail(text.subject, {
      before: [
        `Hello ${input.name},`,
        text.line,
        'Your published guidebooks stay online and readable, but you cannot publish new guidebooks or publish changes again until you subscribe:',
      ],
      link: input.link,
      linkLabel: 'Choose a plan',
      after: ['Your guidebooks and their content are kept; nothing is deleted.'],
    });
  }
  return composeMail(text.subject, {
    before: [
      `${input.name}님, 안녕하세요.`,
      text.line,
      '이미 발행한 가이드북은 그대로 공개되어 계속 볼 수 있습니다. 다만 요금제를 구독하기 전까지는 새 가이드북을 발행하거나 수정한 내용을 다시 발행할 수 없습니다.',
    ],
    link: input.link,
    linkLabel: '요금제 선택하기',
    after: ['작성하신 가이드북과 내용은 모두 보관되며 삭제되지 않습니다.'],
  });
}
