import { vatOf, type Language, type SubscriptionType } from '@pocketguide/contracts';
import { noticeDate, PLAN_NAMES, won } from '../billing/billing-mail.ts';
import { composeMail, type ComposedMail } from './mail-templates.ts';

/**
 * The money mails (issue 23): one on each payment, refund, failed charge and plan change, in the account's language
 * (Korean by default, English). A payment's and a refund's mail link to the payment's receipt page; a failed
 * charge's to the payment (its reason) with the card page named; a plan change given without a payment to the
 * subscription settings.
 */

type Who = { name: string; language: Language };

/** What was paid: a card purchase, a one-month pass, a renewal (or a scheduled charge), or a bank transfer. */
export type PaidKind = 'purchase' | 'onemonth' | 'renewal' | 'transfer';

const greeting = (who: Who) => (who.language === 'en' ? `Hello ${who.name},` : `${who.name}님, 안녕하세요.`);
const vatLine = (amount: number, language: Language) =>
  language === 'en' ? `${won(amount, 'en')} (VAT ${won(vatOf(amount), 'en')} included)` : `${won(amount, 'kr')}(부가세 ${won(vatOf(amount), 'kr')} 포함)`;

const PAID_LINE: Record<Language, Record<PaidKind, (plan: string, amount: string, date: string) => string>> = {
  kr: {
    purchase: (plan, amount, date) => `${date}에 ${plan} 요금제 결제 ${amount}이 완료되었습니다. 지금부터 ${plan} 요금제를 이용하실 수 있습니다.`,
    onemonth: (plan, amount, date) => `${date}에 ${plan} 결제 ${amount}이 완료되었습니다. 지금부터 한 달 동안 이용하실 수 있습니다.`,
    renewal: (plan, amount, date) => `${date}에 ${plan} 요금제가 갱신되어 등록된 카드로 ${amount}이 결제되었습니다.`,
    transfer: (plan, amount, date) => `${date}에 계좌이체로 보내 주신 ${amount}을 ${plan} 요금제 결제로 확인했습니다.`,
  },
  en: {
    purchase: (plan, amount, date) => `Your payment of ${amount} for the ${plan} plan was completed on ${date}. Your ${plan} plan is active now.`,
    onemonth: (plan, amount, date) => `Your payment of ${amount} for the ${plan} was completed on ${date}. It is yours for one month from now.`,
    renewal: (plan, amount, date) => `Your ${plan} plan was renewed on ${date}: ${amount} was charged to your card on file.`,
    transfer: (plan, amount, date) => `We received your bank transfer of ${amount} for the ${plan} plan on ${date}.`,
  },
};

export function paymentMail(input: Who & { kind: PaidKind; plan: SubscriptionType; amount: number; at: Date; receiptLink: string }): ComposedMail {
  const { language } = input;
  const plan = PLAN_NAMES[language][input.plan];
  const line = PAID_LINE[language][input.kind](plan, vatLine(input.amount, language), noticeDate(input.at));
  if (language === 'en') {
    return composeMail(`Your PocketGuide payment receipt: ${won(input.amount, 'en')}`, {
      before: [greeting(input), line, 'Your receipt (supply value and VAT, printable) is here:'],
      link: input.receiptLink,
      linkLabel: 'View my receipt',
      after: ['You can also find every payment under Settings > Subscription > Payment history.'],
    });
  }
  return composeMail(`[포켓가이드] 결제가 완료되었습니다 (${won(input.amount, 'kr')})`, {
    before: [greeting(input), line, '영수증(공급가액·부가세, 인쇄 가능)은 아래에서 보실 수 있습니다.'],
    link: input.receiptLink,
    linkLabel: '영수증 보기',
    after: ['모든 결제 내역은 설정 > 구독 > 결제 내역에서도 확인하실 수 있습니다.'],
  });
}

export function refundMail(input: Who & { plan: SubscriptionType; amount: number; paidAmount: number; refundedTotal: number; at: Date; receiptLink: string }): ComposedMail {
  const { language } = input;
  const plan = PLAN_NAMES[language][input.plan];
  const date = noticeDate(input.at);
  const whole = input.refundedTotal >= input.paidAmount;
  if (language === 'en') {
    return composeMail(`Your PocketGuide refund: ${won(input.amount, 'en')}`, {
      before: [
        greeting(input),
        `On ${date} we refunded ${vatLine(input.amount, 'en')} of your ${won(input.paidAmount, 'en')} payment for the ${plan} plan.`,
        whole ? 'The payment is now refunded in full.' : `Refunded so far: ${won(input.refundedTotal, 'en')} of ${won(input.paidAmount, 'en')}.`,
        'Depending on your card company, it may take a few business days to show on your statement. The receipt shows the refund:',
      ],
      link: input.receiptLink,
      linkLabel: 'View my receipt',
      after: ['If you have any question about this refund, simply reply to this email.'],
    });
  }
  return composeMail(`[포켓가이드] 환불이 처리되었습니다 (${won(input.amount, 'kr')})`, {
    before: [
      greeting(input),
      `${date}에 ${plan} 요금제 결제 ${won(input.paidAmount, 'kr')} 중 ${vatLine(input.amount, 'kr')}을 환불해 드렸습니다.`,
      whole ? '이 결제는 전액 환불되었습니다.' : `지금까지 환불된 금액: ${won(input.paidAmount, 'kr')} 중 ${won(input.refundedTotal, 'kr')}`,
      '카드사에 따라 환불 내역이 확인되기까지 영업일 기준 며칠이 걸릴 수 있습니다. 환불 내역은 영수증에서 확인하실 수 있습니다.',
    ],
    link: input.receiptLink,
    linkLabel: '영수증 보기',
    after: ['환불에 대해 궁금한 점이 있으시면 이 메일에 답장해 주세요.'],
  });
}

/** A charge made without the person at hand failed (an administrator's scheduled charge): what happened and what to do. */
export function chargeNotMadeMail(input: Who & { plan: SubscriptionType; amount: number; failReason: string; at: Date; paymentLink: string; cardLink: string }): ComposedMail {
  const { language } = input;
  const plan = PLAN_NAMES[language][input.plan];
  const date = noticeDate(input.at);
  if (language === 'en') {
    return composeMail('Your PocketGuide payment did not go through', {
      before: [
        greeting(input),
        `On ${date} we could not charge ${won(input.amount, 'en')} for your ${plan} plan (${input.failReason}). Nothing was charged.`,
        `Please check your card, or change it here: ${input.cardLink}`,
        'The attempt and its reason are shown here:',
      ],
      link: input.paymentLink,
      linkLabel: 'View the payment',
      after: ['If you think this is a mistake, simply reply to this email.'],
    });
  }
  return composeMail('[포켓가이드] 결제에 실패했습니다', {
    before: [
      greeting(input),
      `${date}에 ${plan} 요금제 결제(${won(input.amount, 'kr')})가 승인되지 않았습니다. (${input.failReason}) 결제된 금액은 없습니다.`,
      `카드를 확인하시거나 여기에서 변경해 주세요: ${input.cardLink}`,
      '결제 시도와 그 사유는 아래에서 보실 수 있습니다.',
    ],
    link: input.paymentLink,
    linkLabel: '결제 내역 보기',
    after: ['잘못된 안내라고 생각되시면 이 메일에 답장해 주세요.'],
  });
}

/** The plan was changed without a payment of the person's own (an administrator's change or gift). */
export function planChangedMail(input: Who & { from: SubscriptionType; to: SubscriptionType; expiresAt: Date | null; link: string }): ComposedMail {
  const { language } = input;
  const from = PLAN_NAMES[language][input.from];
  const to = PLAN_NAMES[language][input.to];
  const until = input.expiresAt ? noticeDate(input.expiresAt) : null;
  if (language === 'en') {
    return composeMail(`Your PocketGuide plan is now ${to}`, {
      before: [
        greeting(input),
        `Your plan was changed: ${from} → ${to}.`,
        ...(until ? [`It runs until ${until}.`] : []),
        'Nothing was charged for this change. Your subscription and payments are here:',
      ],
      link: input.link,
      linkLabel: 'Manage my subscription',
      after: ['If you did not expect this change, simply reply to this email.'],
    });
  }
  return composeMail(`[포켓가이드] 요금제가 변경되었습니다: ${to}`, {
    before: [
      greeting(input),
      `요금제가 변경되었습니다: ${from} → ${to}`,
      ...(until ? [`이용 기간: ${until}까지`] : []),
      '이번 변경으로 결제된 금액은 없습니다. 구독과 결제 내역은 아래에서 보실 수 있습니다.',
    ],
    link: input.link,
    linkLabel: '구독 관리하기',
    after: ['예상하지 못한 변경이라면 이 메일에 답장해 주세요.'],
  });
}
