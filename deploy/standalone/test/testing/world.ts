/**
 * A small populated product for the tests that walk every route (authorization matrix, write fuzz): a `user` who
 * owns a guidebook made from the sample (so it has contents, sections and items) and an icon, an `other` user, a
 * `subscriber` (subscribed by the administrator), a `victim` for the administrator's account and subscription
 * actions, the administrator's own guidebook and a message sent to everyone. Fresh copies of what a route destroys
 * are made on demand.
 */
import sharp from 'sharp';
import { bearer, signIn, TEST_ADMIN, TEST_PASSWORD, type SignedIn, type StartedWithAdmin } from './accounts.ts';

export type Caller = 'anonymous' | 'user' | 'other' | 'subscriber' | 'admin';
export const CALLERS: readonly Caller[] = ['anonymous', 'other', 'subscriber', 'user', 'admin'];

export type OwnedGuidebook = {
  id: string;
  uuid: string;
  contentId: string;
  sectionId: string;
  itemId: string;
  revision: number;
};

export type World = {
  product: StartedWithAdmin;
  user: SignedIn;
  other: SignedIn;
  subscriber: SignedIn;
  admin: SignedIn;
  /** the target of the administrator's account and subscription actions in the tests */
  victim: SignedIn;
  guidebook: OwnedGuidebook;
  adminGuidebook: OwnedGuidebook;
  iconId: string;
  messageId: string;
  signedIn(caller: Caller): SignedIn | null;
  /** A new guidebook of `who` (default the user), from the sample. */
  freshGuidebook(who?: SignedIn): Promise<OwnedGuidebook>;
  freshIcon(who?: SignedIn): Promise<string>;
  /** A new message to everyone, sent (`showing`) unless told otherwise. */
  freshMessage(showing?: boolean): Promise<string>;
  freshAccount(name: string): Promise<SignedIn>;
  /** A second session of `who` (a token a test may end). */
  freshSession(who: SignedIn): Promise<SignedIn>;
  /** The guidebook's current revision, read as the administrator. */
  revisionOf(guidebookId: string): Promise<number>;
};

async function call(
  product: StartedWithAdmin,
  who: SignedIn,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${product.baseUrl}/api${path}`, {
    method,
    headers: { ...bearer(who.token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text === '' ? null : (JSON.parse(text) as unknown);
}

type Doc = {
  contents: Array<{ _id: string; sections: Array<{ _id: string; items: Array<{ _id: string }> }> }>;
  revision: number;
};

/** A 100×100 PNG (an icon the library takes, an image the uploads take), its colour from `seed`. */
export function png(seed = 0, size = 100): Promise<Buffer> {
  return sharp({
    create: {
      width: size,
      height: size,
      channels: 4,
      background: { r: seed % 256, g: (seed * 7) % 256, b: 120, alpha: 1 },
    },
  })
    .png()
    .toBuffer();
}

let seeds = 1;

export async function buildWorld(product: StartedWithAdmin): Promise<World> {
  const { admin } = product;
  const [user, other, subscriber, victim] = await Promise.all(
    ['matrix-user', 'matrix-other', 'matrix-subscriber', 'matrix-victim'].map((name) => product.newUser(name)),
  );
  if (!user || !other || !subscriber || !victim) throw new Error('accounts not made');
  await call(product, admin, 'POST', '/subscriptions/admin/subscribe', { customerUid: subscriber.user.id });

  const freshGuidebook = async (who: SignedIn = user): Promise<OwnedGuidebook> => {
    const made = (await call(product, who, 'POST', '/guidebooks', { source: 'sample' })) as {
      _id: string;
      uuid: string;
      position: number;
    };
    const doc = (await call(product, who, 'GET', `/guidebooks/${made._id}?after=${made.position}`)) as Doc;
    const content = doc.contents.find((page) => page.sections.some((section) => section.items.length > 0));
    const section = content?.sections.find((s) => s.items.length > 0);
    const item = section?.items[0];
    if (!content || !section || !item) throw new Error('the sample guidebook has no item');
    return {
      id: made._id,
      uuid: made.uuid,
      contentId: content._id,
      sectionId: section._id,
      itemId: item._id,
      revision: doc.revision,
    };
  };
  const freshIcon = async (who: SignedIn = user): Promise<string> => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await png(seeds++))], { type: 'image/png' }), 'icon.png');
    const response = await fetch(`${product.baseUrl}/api/icons`, {
      method: 'POST',
      headers: bearer(who.token),
      body: form,
    });
    if (response.status !== 201) throw new Error(`icon upload answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { data: { _id: string } }).data._id;
  };
  const freshMessage = async (showing = true): Promise<string> => {
    const body = { title: 'Matrix', message: 'Hello everyone', messageDate: '2026-11-30', showing };
    return ((await call(product, admin, 'POST', '/admin/messages', body)) as { _id: string })._id;
  };
  const [guidebook, adminGuidebook, iconId, messageId] = await Promise.all([
    freshGuidebook(),
    freshGuidebook(admin),
    freshIcon(),
    freshMessage(),
  ]);
  const byCaller: Record<Caller, SignedIn | null> = { anonymous: null, user, other, subscriber, admin };
  return {
    product,
    user,
    other,
    subscriber,
    admin,
    victim,
    guidebook,
    adminGuidebook,
    iconId,
    messageId,
    signedIn: (caller) => byCaller[caller],
    freshGuidebook,
    freshIcon,
    freshMessage,
    freshAccount: (name) => product.newUser(name),
    freshSession: (who) =>
      signIn(
        product.baseUrl,
        who.user.email,
        who.user.email === TEST_ADMIN.email ? TEST_ADMIN.password : TEST_PASSWORD,
      ),
    revisionOf: async (guidebookId) =>
      ((await call(product, admin, 'GET', `/guidebooks/${guidebookId}`)) as Doc).revision,
  };
}

/**
 * A route's path (`/api/guidebooks/:id/...`) with its parameters named after the user's resources (or `values`):
 * `:id` is the user's id under /api/users, the message under messages, else the guidebook.
 */
export function fillPath(path: string, world: World, values: Record<string, string> = {}): string {
  const guidebook = values.guidebook === undefined ? world.guidebook : { ...world.guidebook, id: values.guidebook };
  const idOf = (): string => {
    if (values.id !== undefined) return values.id;
    if (path.startsWith('/api/users')) return values.userId ?? world.user.user.id;
    if (path.includes('messages')) return values.messageId ?? world.messageId;
    if (path.startsWith('/api/dev')) return 'none';
    return guidebook.id;
  };
  const named: Record<string, string> = {
    guidebookId: guidebook.id,
    contentId: guidebook.contentId,
    sectionId: guidebook.sectionId,
    itemId: guidebook.itemId,
    iconId: world.iconId,
    userId: world.user.user.id,
    uuid: guidebook.uuid,
    revision: '1',
    token: 'a'.repeat(64),
    email: encodeURIComponent(world.user.user.email),
    hash: 'b'.repeat(40),
    ...values,
  };
  return path.replace(/:(\w+)/g, (_match, name: string) => (name === 'id' ? idOf() : (named[name] ?? 'none')));
}
