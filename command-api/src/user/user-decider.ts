import type { UserEvent } from '@pocketguide/contracts';
import type { Decider } from '../core/decider.ts';
import {
  activateUser,
  changePassword,
  changeUserImage,
  changeUserRole,
  completePasswordReset,
  deleteUser,
  linkKakaoAccount,
  recordMailSent,
  registerUser,
  requestPasswordReset,
  resendVerification,
  setUserHidden,
  signOut,
  updateProfile,
} from './identity-commands.ts';
import {
  changePaymentMethod,
  changeUserPlan,
  lapseSubscription,
  purchaseSubscription,
  recordBillingNotice,
  recordRenewalFailure,
  renewSubscription,
  schedulePayment,
  subscribeUser,
  unsubscribeUser,
} from './subscription-commands.ts';
import type { UserCommand } from './user-commands.ts';
import { evolve, initialState, type UserState } from './user-state.ts';

/**
 * The account aggregate (`user-<userId>`) as a decider, in Emmett's layout: the state and `evolve` in
 * `user-state.ts`, the commands in `user-commands.ts`, one decide function per command in `identity-commands.ts`
 * (sign-up, verification, sign-in, password, profile, administration) and `subscription-commands.ts` (plans,
 * purchases, renewals, billing); here the switch that picks the command's function.
 */

export function decide(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return registerUser(command, state);
    case 'ActivateUser':
      return activateUser(command, state);
    case 'ResendVerification':
      return resendVerification(command, state);
    case 'RequestPasswordReset':
      return requestPasswordReset(command, state);
    case 'CompletePasswordReset':
      return completePasswordReset(command, state);
    case 'ChangePassword':
      return changePassword(command, state);
    case 'SignOut':
      return signOut(command, state);
    case 'UpdateProfile':
      return updateProfile(command, state);
    case 'ChangeUserImage':
      return changeUserImage(command, state);
    case 'LinkKakaoAccount':
      return linkKakaoAccount(command, state);
    case 'RecordMailSent':
      return recordMailSent(command, state);
    case 'SetUserHidden':
      return setUserHidden(command, state);
    case 'ChangeUserRole':
      return changeUserRole(command, state);
    case 'DeleteUser':
      return deleteUser(command, state);
    case 'SubscribeUser':
      return subscribeUser(command, state);
    case 'UnsubscribeUser':
      return unsubscribeUser(command, state);
    case 'ChangeUserPlan':
      return changeUserPlan(command, state);
    case 'PurchaseSubscription':
      return purchaseSubscription(command, state);
    case 'ChangePaymentMethod':
      return changePaymentMethod(command, state);
    case 'RenewSubscription':
      return renewSubscription(command, state);
    case 'RecordRenewalFailure':
      return recordRenewalFailure(command, state);
    case 'LapseSubscription':
      return lapseSubscription(command, state);
    case 'SchedulePayment':
      return schedulePayment(command, state);
    case 'RecordBillingNotice':
      return recordBillingNotice(command, state);
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = { initialState, evolve, decide };
