import { USERS, userStatusOf, type UserDoc, type UserEvent } from '@pocketguide/contracts';
import { userEvents } from '../event-readers.ts';
import type { Projector } from '../projector.ts';

/** The events that change a user's document; reservation, mail and password events leave it as it is. */
const USER_DOC_EVENTS = [
  'UserRegistered',
  'UserActivated',
  'UserProfileUpdated',
  'UserImageChanged',
  'UserHidden',
  'UserUnhidden',
  'UserRoleChanged',
  'UserDeleted',
  'UserSubscribed',
  'UserUnsubscribed',
  'UserPlanChanged',
  'PaymentMethodChanged',
  'SubscriptionRenewed',
  'RenewalChargeFailed',
  'SubscriptionLapsed',
  'PaymentScheduled',
] as const satisfies ReadonlyArray<UserEvent['type']>;

function withStatus(doc: UserDoc, at: string): UserDoc {
  return { ...doc, status: userStatusOf(doc), updatedAt: at };
}

/**
 * `users`: one document per living account, for the administrators' list (search by name, email or company;
 * filters on plan, status and the day joined) and for GET /api/users/{id}. A permanent deletion removes the
 * document, so no personal data stays in the read model.
 */
export const usersProjector: Projector<UserDoc, UserEvent> = {
  name: USERS,
  collection: USERS,
  indexes: [
    { fields: { createdAt: -1 } },
    { fields: { email: 1 } },
    { fields: { status: 1, createdAt: -1 } },
    { fields: { subscriptionType: 1, createdAt: -1 } },
  ],
  filter: { streamCategories: [userEvents.category], eventTypes: USER_DOC_EVENTS },
  decode: userEvents.read,
  documentIds: (event) => [event.data.userId],
  evolve(doc, event) {
    if (event.type === 'UserRegistered') {
      const { userId, email, profile, language, role, registeredAt, trialExpiresAt } = event.data;
      return withStatus(
        {
          id: userId,
          email,
          name: profile.name,
          companyName: profile.companyName,
          companyAddress: profile.companyAddress ?? '',
          companyPhone: profile.companyPhone ?? '',
          companyWebsite: profile.companyWebsite ?? '',
          mobile: profile.mobile ?? '',
          role,
          image: null,
          language,
          createdAt: registeredAt,
          isActivated: false,
          isHidden: false,
          status: 'inactive',
          subscription: false,
          subscriptionType: 'free',
          expiresAt: trialExpiresAt,
          paymentMethod: null,
          customerUid: null,
          renewal: null,
          paymentScheduledAt: null,
          guidebooksCount: 0,
          updatedAt: registeredAt,
        },
        registeredAt,
      );
    }
    if (doc === null) return null;
    switch (event.type) {
      case 'UserActivated':
        return withStatus({ ...doc, isActivated: true }, event.data.activatedAt);
      case 'UserProfileUpdated': {
        const { profile, language, updatedAt } = event.data;
        return withStatus(
          {
            ...doc,
            name: profile.name,
            companyName: profile.companyName,
            companyAddress: profile.companyAddress ?? '',
            companyPhone: profile.companyPhone ?? '',
            companyWebsite: profile.companyWebsite ?? '',
            mobile: profile.mobile ?? '',
            language,
          },
          updatedAt,
        );
      }
      case 'UserImageChanged':
        return withStatus({ ...doc, image: event.data.image }, event.data.changedAt);
      case 'UserHidden':
        return withStatus({ ...doc, isHidden: true }, event.data.hiddenAt);
      case 'UserUnhidden':
        return withStatus({ ...doc, isHidden: false }, event.data.unhiddenAt);
      case 'UserRoleChanged':
        return withStatus({ ...doc, role: event.data.role }, event.data.changedAt);
      case 'UserDeleted':
        return null;
      case 'UserSubscribed': {
        const { plan, expiresAt, subscribedAt } = event.data;
        return withStatus({ ...doc, subscription: true, subscriptionType: plan, expiresAt, renewal: null }, subscribedAt);
      }
      case 'UserUnsubscribed':
        return withStatus({ ...doc, subscription: false, expiresAt: event.data.expiresAt }, event.data.unsubscribedAt);
      case 'UserPlanChanged':
        return withStatus({ ...doc, subscriptionType: event.data.plan }, event.data.changedAt);
      case 'PaymentMethodChanged':
        return withStatus({ ...doc, customerUid: event.data.customerUid, paymentMethod: event.data.cardName }, event.data.changedAt);
      case 'SubscriptionRenewed':
        return withStatus({ ...doc, expiresAt: event.data.expiresAt, renewal: null, paymentScheduledAt: null }, event.data.renewedAt);
      case 'RenewalChargeFailed': {
        const { merchantUid, attempt, nextAttemptAt, failedAt } = event.data;
        return withStatus({ ...doc, renewal: { merchantUid, attempt, nextAttemptAt } }, failedAt);
      }
      case 'SubscriptionLapsed':
        // expiresAt stays: the end of the last paid period, now in the past
        return withStatus({ ...doc, subscription: false, subscriptionType: 'free', renewal: null, paymentScheduledAt: null }, event.data.lapsedAt);
      case 'PaymentScheduled':
        return withStatus({ ...doc, paymentScheduledAt: event.data.scheduleAt }, event.data.scheduledAt);
      default:
        // events of later versions this projector does not know leave the document as it is
        return doc;
    }
  },
};
