import type { KakaoLinkEvent } from '@pocketguide/contracts';
import { ConflictError } from '@pocketguide/platform/http/errors';
import type { Decider } from '../core/decider.ts';

/** `user-kakao-<kakaoId>`: one PocketGuide account per Kakao account, decided on this stream's revision. */
export type KakaoLinkState = { status: 'free' } | { status: 'claimed'; userId: string };

export type ClaimKakaoId = { type: 'ClaimKakaoId'; data: { kakaoId: string; userId: string; now: Date } };
export type ReleaseKakaoId = { type: 'ReleaseKakaoId'; data: { kakaoId: string; userId: string; now: Date } };
export type KakaoLinkCommand = ClaimKakaoId | ReleaseKakaoId;

export const kakaoLinkDecider: Decider<KakaoLinkState, KakaoLinkCommand, KakaoLinkEvent> = {
  initialState: () => ({ status: 'free' }),

  evolve(_state, event) {
    switch (event.type) {
      case 'KakaoIdClaimed':
        return { status: 'claimed', userId: event.data.userId };
      case 'KakaoIdReleased':
        return { status: 'free' };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },

  decide(command, state) {
    const { kakaoId, userId, now } = command.data;
    switch (command.type) {
      case 'ClaimKakaoId':
        if (state.status === 'free')
          return [{ type: 'KakaoIdClaimed', data: { kakaoId, userId, claimedAt: now.toISOString() } }];
        if (state.userId === userId) return [];
        throw new ConflictError('This Kakao account is already linked to another account');
      case 'ReleaseKakaoId':
        if (state.status !== 'claimed' || state.userId !== userId) return [];
        return [{ type: 'KakaoIdReleased', data: { kakaoId, userId, releasedAt: now.toISOString() } }];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
