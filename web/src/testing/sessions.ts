import type { AuthResponse, SessionUser, UserView } from '@pocketguide/contracts';

/** A signed-in person as POST /api/auth answers; the language follows the test's unless given. */
export function signedIn(overrides: Partial<SessionUser> = {}, token = 'token-1'): AuthResponse {
  return {
    token,
    user: {
      id: 'user-1',
      role: 'user',
      name: '김여행',
      companyName: '포켓트래블',
      image: null,
      email: 'traveller@example.com',
      subscription: false,
      subscriptionType: 'free',
      expiresAt: '2099-01-15T00:00:00.000Z',
      paymentMethod: null,
      language: 'kr',
      ...overrides,
    },
  };
}

export const signedInAdmin = (overrides: Partial<SessionUser> = {}) =>
  signedIn({ id: 'admin-1', role: 'admin', name: '관리자', email: 'admin@example.com', ...overrides }, 'admin-token');

/** GET /api/users/{id}'s answer for `signedIn()`'s person. */
export function userView(overrides: Partial<UserView> = {}): UserView {
  const { user } = signedIn();
  return {
    ...user,
    _id: user.id,
    companyAddress: '서울특별시 중구 세종대로 110',
    companyPhone: '0212345678',
    companyWebsite: 'https://example.com/',
    website: 'https://example.com/',
    mobile: '',
    createdAt: '2025-11-01T00:00:00.000Z',
    isActivated: true,
    isHidden: false,
    status: 'active',
    guidebooksCount: 0,
    ...overrides,
  };
}
