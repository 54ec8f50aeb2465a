import type { z } from 'zod';
import type { ErrorCode } from '../problem-details.ts';
import {
  adminChangePlanBodySchema,
  adminCustomerBodySchema,
  adminSubscribeBodySchema,
  adminUserPatchBodySchema,
  adminUsersQuerySchema,
  changePasswordBodySchema,
  kakaoAuthBodySchema,
  kakaoCodeBodySchema,
  languageUpdateBodySchema,
  passwordResetRequestBodySchema,
  profileUpdateBodySchema,
  resetPasswordBodySchema,
  signupBodySchema,
} from '../account/account-schemas.ts';
import {
  accountAckSchema,
  adminSubscriptionAnswerSchema,
  authResponseSchema,
  kakaoAuthResponseSchema,
  passwordChangeAckSchema,
  signupAcceptedSchema,
  userListSchema,
  userUpdatedSchema,
  userViewSchema,
} from '../account/account-http.ts';
import { adminUserActivitySchema } from '../account/admin-user-activity.ts';
import { auditPageSchema, auditQuerySchema, eventDetailSchema, eventListSchema, eventQuerySchema, guidebookAsOfQuerySchema, guidebookAsOfSchema } from '../audit/audit.ts';
import { dashboardQuerySchema, dashboardSummarySchema } from '../dashboard/dashboard-summary.ts';
import { insightsAnswerSchema, insightsQuerySchema, kakaoConfigSchema, readingBeaconSchema } from '../insights/reading.ts';
import { feedbackAcceptedSchema, feedbackListQuerySchema, feedbackPageSchema, submitFeedbackBodySchema } from '../feedback/feedback-http.ts';
import {
  commandAcceptedSchema,
  contentCopiedSchema,
  copyContentBodySchema,
  copyGuidebookBodySchema,
  createGuidebookBodySchema,
  documentChangeAcceptedSchema,
  editGuidebookBodySchema,
  guidebookHistorySchema,
  guidebookPasswordBodySchema,
  guidebookRevisionSchema,
  guidebookSettingsAcceptedSchema,
  historyQuerySchema,
  imageUploadedSchema,
  publicGalleryBodySchema,
  restoreRevisionBodySchema,
  sampleFlagsBodySchema,
  saveGuidebookBodySchema,
  unpublishedAllSchema,
} from '../guidebook/guidebook-commands-http.ts';
import {
  adminGuidebookRowsSchema,
  guidebookIdByUuidSchema,
  guidebookListQuerySchema,
  guidebookReadQuerySchema,
  recentGuidebooksQuerySchema,
  sampleContentsSchema,
  sampleGuidebookSchema,
  sampleQuerySchema,
  userGuidebookRowsSchema,
} from '../guidebook/guidebook-queries.ts';
import { guidebookDocumentSchema } from '../guidebook/guidebook-document.ts';
import { guidebookListSchema } from '../guidebook/guidebook-http.ts';
import { publicGalleryPageSchema, publicGalleryQuerySchema } from '../guidebook/public-gallery.ts';
import { iconDeleteAnswerSchema, iconListSchema, iconUploadAnswerSchema } from '../icon/icons.ts';
import { messageListQuerySchema, messagePageSchema, messageSchema, messageWriteSchema, messageWrittenSchema } from '../message/messages.ts';
import {
  changePaymentMethodBodySchema,
  orderSchema,
  ordersPageSchema,
  paymentDeletedAnswerSchema,
  paymentsQuerySchema,
  refundAnswerSchema,
  refundBodySchema,
  schedulePaymentBodySchema,
  subscribeBodySchema,
  subscriptionAnswerSchema,
  transactionsPageSchema,
  portOneWebhookBodySchema,
  transferAnswerSchema,
  transferBodySchema,
  webhookAnswerSchema,
  userPaymentsQuerySchema,
} from '../payment/payment-http.ts';
import {
  adminSpecificThumbnailsBodySchema,
  adminThumbnailBodySchema,
  requestThumbnailsBodySchema,
  thumbnailRequestAnswerSchema,
  thumbnailStatusSchema,
} from '../thumbnail/thumbnail-http.ts';
import { viewerUnlockBodySchema } from '../viewer/viewer-http.ts';
import { receiptSchema } from '../payment/receipts.ts';

/**
 * Every route the server answers, with the contracts' schemas for what it takes and gives: the one source the
 * OpenAPI document is generated from (`openapi-document.ts`). A test compares it with the live route table, so a
 * route added without an entry here fails the build. Paths are written as Express writes them (`:id`); the two
 * routes Express matches by regular expression carry the expression as `live`.
 *
 * Browser-safe like the rest of `contracts`: schemas only, no I/O.
 */

/** Who may call a route; the server enforces it (see the authorization matrix test). */
export type RouteAccess = 'public' | 'signed-in' | 'owner-or-admin' | 'self-or-admin' | 'admin' | 'credentials' | 'dev';

type Schema = z.ZodType;

export type ApiRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** the route table's own text for a path Express matches with a regular expression */
  live?: string;
  /** the path as OpenAPI writes it, where `path` has no parameters OpenAPI can express */
  openApiPath?: string;
  tag: string;
  summary: string;
  access: RouteAccess;
  /** a JSON body parsed with this schema, or with the first of several that takes it (listed as anyOf) */
  body?: Schema | readonly Schema[];
  /** an image (or icon) sent as multipart/form-data in the field named here */
  upload?: string;
  query?: Schema;
  /** the success answer: status, and the schema of its JSON body (none for HTML, SVG, NDJSON, binary) */
  ok: { status: number; schema?: Schema; type?: string; description?: string; /** the same answer with this status too (200 when nothing was left to queue) */ alsoStatus?: number };
  /** the problem codes this route answers besides those every route of its kind does */
  problems?: readonly ErrorCode[];
  /** a write that needs `If-Match: <revision>` */
  ifMatch?: 'required' | 'optional';
};

const json = (schema: Schema, status = 200) => ({ status, schema });
const html = { status: 200, type: 'text/html', description: 'an HTML page drawn on the server' };
const svg = { status: 200, type: 'image/svg+xml', description: 'a QR code of the reader address' };
const IMAGE = 'image';

export const apiRoutes: readonly ApiRoute[] = [
  // — sign-in and accounts (spec 2)
  { method: 'POST', path: '/api/auth', tag: 'accounts', summary: 'Sign in with Basic credentials; answers a JWT and the user', access: 'credentials', ok: json(authResponseSchema, 201), problems: ['too_many_requests'] },
  { method: 'POST', path: '/api/auth/kakao', tag: 'accounts', summary: 'Sign in (or up) with a Kakao access token', access: 'public', body: kakaoAuthBodySchema, ok: json(kakaoAuthResponseSchema, 201), problems: ['unauthorized'] },
  { method: 'POST', path: '/api/auth/kakao/code', tag: 'accounts', summary: "Sign in (or up) with the code Kakao's login page handed back to /login/kakao (exchanged on the server with the app's REST API key)", access: 'public', body: kakaoCodeBodySchema, ok: json(kakaoAuthResponseSchema, 201), problems: ['validation_failed', 'unauthorized', 'not_found'] },
  { method: 'POST', path: '/api/auth/sign-out', tag: 'accounts', summary: 'End this session (the token is refused afterwards)', access: 'signed-in', ok: { status: 204 } },
  { method: 'POST', path: '/api/users', tag: 'accounts', summary: 'Sign up; an activation mail is sent', access: 'public', body: signupBodySchema, ok: json(signupAcceptedSchema, 201), problems: ['conflict', 'too_many_requests'] },
  { method: 'GET', path: '/api/users', tag: 'accounts', summary: 'Accounts, paged and filtered (administrators)', access: 'admin', query: adminUsersQuerySchema, ok: json(userListSchema) },
  { method: 'GET', path: '/api/users/:id', tag: 'accounts', summary: 'One account', access: 'self-or-admin', ok: json(userViewSchema) },
  { method: 'PUT', path: '/api/users/:id', tag: 'accounts', summary: 'Change the profile (or only the language)', access: 'self-or-admin', body: [languageUpdateBodySchema, profileUpdateBodySchema], ok: json(userUpdatedSchema) },
  { method: 'PATCH', path: '/api/users/:id', tag: 'accounts', summary: 'Hide or unhide an account (administrators)', access: 'admin', body: adminUserPatchBodySchema, ok: json(accountAckSchema) },
  { method: 'DELETE', path: '/api/users/:id', tag: 'accounts', summary: 'Delete an account (administrators)', access: 'admin', ok: json(accountAckSchema) },
  { method: 'PUT', path: '/api/users/:id/image', tag: 'accounts', summary: 'Set the portrait', access: 'self-or-admin', upload: IMAGE, ok: json(userUpdatedSchema), problems: ['payload_too_large', 'unsupported_media_type'] },
  { method: 'PUT', path: '/api/users/:id/password', tag: 'accounts', summary: 'Change the password (Basic credentials of the current one)', access: 'self-or-admin', body: changePasswordBodySchema, ok: json(passwordChangeAckSchema) },
  { method: 'GET', path: '/api/users/activate/:email/:hash', tag: 'accounts', summary: 'Activate an account from the mailed link', access: 'public', ok: json(accountAckSchema) },
  { method: 'GET', path: '/api/users/verify/:email', tag: 'accounts', summary: 'Refused: resending the verification mail is a POST', access: 'public', ok: { status: 405, description: 'always 405' } },
  { method: 'POST', path: '/api/users/verify/:email', tag: 'accounts', summary: 'Send the verification mail again', access: 'public', ok: json(accountAckSchema), problems: ['too_many_requests'] },
  { method: 'POST', path: '/api/password-resets', tag: 'accounts', summary: 'Mail a password reset link', access: 'public', body: passwordResetRequestBodySchema, ok: json(accountAckSchema, 202), problems: ['too_many_requests'] },
  { method: 'GET', path: '/api/password-resets/check/:token', tag: 'accounts', summary: 'Whether a reset link is still good', access: 'public', ok: json(accountAckSchema) },
  { method: 'PUT', path: '/api/password-resets/:token', tag: 'accounts', summary: 'Set a new password with a reset link', access: 'public', body: resetPasswordBodySchema, ok: json(accountAckSchema) },
  { method: 'GET', path: '/api/admin/users/:userId/guidebooks', tag: 'back office', summary: "An account's guidebooks", access: 'admin', ok: json(userGuidebookRowsSchema) },
  { method: 'GET', path: '/api/admin/users/:userId/activity', tag: 'back office', summary: "An account's recent activity", access: 'admin', ok: json(adminUserActivitySchema) },

  // — guidebooks: writes (spec 1)
  { method: 'GET', path: '/api/guidebooks', tag: 'guidebooks', summary: 'My guidebooks, paged', access: 'signed-in', query: guidebookListQuerySchema, ok: json(guidebookListSchema) },
  { method: 'POST', path: '/api/guidebooks', tag: 'guidebooks', summary: 'Create a guidebook (empty, or from the sample)', access: 'signed-in', body: createGuidebookBodySchema, ok: json(commandAcceptedSchema, 201), problems: ['too_many_requests'] },
  { method: 'POST', path: '/api/guidebooks/copy', tag: 'guidebooks', summary: 'Copy a guidebook', access: 'owner-or-admin', body: copyGuidebookBodySchema, ok: json(commandAcceptedSchema, 201), problems: ['not_found'] },
  { method: 'POST', path: '/api/guidebooks/contents/copy', tag: 'guidebooks', summary: 'Copy a content page within its guidebook', access: 'owner-or-admin', body: copyContentBodySchema, ok: json(contentCopiedSchema, 201), problems: ['not_found', 'revision_mismatch'] },
  { method: 'GET', path: '/api/guidebooks/public-gallery', tag: 'gallery', summary: 'The public gallery, paged', access: 'public', query: publicGalleryQuerySchema, ok: json(publicGalleryPageSchema) },
  { method: 'GET', path: '/api/guidebooks/recent', tag: 'guidebooks', summary: 'My recently edited guidebooks', access: 'signed-in', query: recentGuidebooksQuerySchema, ok: json(guidebookListSchema) },
  { method: 'PUT', path: '/api/guidebooks/unpublishall', tag: 'guidebooks', summary: 'Unpublish all my guidebooks', access: 'signed-in', ok: json(unpublishedAllSchema) },
  { method: 'GET', path: '/api/guidebooks/uuid/:uuid', tag: 'guidebooks', summary: 'The guidebook id of a published address', access: 'public', ok: json(guidebookIdByUuidSchema), problems: ['not_found'] },
  { method: 'GET', path: '/api/guidebooks/:id', tag: 'guidebooks', summary: 'A guidebook document as the editor reads it (ETag: its revision)', access: 'owner-or-admin', query: guidebookReadQuerySchema, ok: json(guidebookDocumentSchema) },
  { method: 'PUT', path: '/api/guidebooks/:id', tag: 'guidebooks', summary: 'Save the whole document', access: 'owner-or-admin', body: saveGuidebookBodySchema, ifMatch: 'optional', ok: json(documentChangeAcceptedSchema), problems: ['revision_mismatch', 'too_many_requests'] },
  { method: 'PATCH', path: '/api/guidebooks/:id', tag: 'guidebooks', summary: 'Save the edits since a revision as patches', access: 'owner-or-admin', body: editGuidebookBodySchema, ifMatch: 'required', ok: json(documentChangeAcceptedSchema), problems: ['precondition_required', 'revision_mismatch', 'too_many_requests'] },
  { method: 'DELETE', path: '/api/guidebooks/:id', tag: 'guidebooks', summary: 'Delete a guidebook', access: 'owner-or-admin', ok: json(commandAcceptedSchema) },
  { method: 'DELETE', path: '/api/guidebooks/:guidebookId/contents/:contentId/items/:itemId', tag: 'guidebooks', summary: 'Delete one item of a content page', access: 'owner-or-admin', ok: json(documentChangeAcceptedSchema), problems: ['not_found'] },
  { method: 'POST', path: '/api/guidebooks/:guidebookId/contents/:contentId/sections/:sectionId/items/:itemId/upload', tag: 'images', summary: "Upload an item's image", access: 'owner-or-admin', upload: IMAGE, ok: json(imageUploadedSchema, 201), problems: ['payload_too_large', 'unsupported_media_type', 'upload_in_progress'] },
  { method: 'POST', path: '/api/guidebooks/:id/header/image', tag: 'images', summary: 'Upload the cover image', access: 'owner-or-admin', upload: IMAGE, ok: json(imageUploadedSchema, 201), problems: ['payload_too_large', 'unsupported_media_type', 'upload_in_progress'] },
  { method: 'POST', path: '/api/guidebooks/:id/cards/:cardId/image', tag: 'images', summary: "Upload a menu tile's image", access: 'owner-or-admin', upload: IMAGE, ok: json(imageUploadedSchema, 201), problems: ['payload_too_large', 'unsupported_media_type', 'upload_in_progress'] },
  { method: 'POST', path: '/api/guidebooks/:id/footer/image', tag: 'images', summary: 'Upload the footer image', access: 'owner-or-admin', upload: IMAGE, ok: json(imageUploadedSchema, 201), problems: ['payload_too_large', 'unsupported_media_type', 'upload_in_progress'] },
  { method: 'POST', path: '/api/guidebooks/:id/subtitle/image', tag: 'images', summary: 'Upload the subtitle image', access: 'owner-or-admin', upload: IMAGE, ok: json(imageUploadedSchema, 201), problems: ['payload_too_large', 'unsupported_media_type', 'upload_in_progress'] },
  { method: 'GET', path: '/api/guidebooks/:id/history', tag: 'history', summary: 'The version history', access: 'owner-or-admin', query: historyQuerySchema, ok: json(guidebookHistorySchema) },
  { method: 'GET', path: '/api/guidebooks/:id/revisions/:revision', tag: 'history', summary: 'The document as it was at a revision', access: 'owner-or-admin', ok: json(guidebookRevisionSchema) },
  { method: 'POST', path: '/api/guidebooks/:id/restore', tag: 'history', summary: 'Restore a revision (a new event, never a rewrite)', access: 'owner-or-admin', body: restoreRevisionBodySchema, ifMatch: 'optional', ok: json(documentChangeAcceptedSchema), problems: ['revision_mismatch'] },
  { method: 'POST', path: '/api/guidebooks/:id/undo', tag: 'history', summary: 'Undo the last edit', access: 'owner-or-admin', ifMatch: 'optional', ok: json(documentChangeAcceptedSchema), problems: ['revision_mismatch', 'conflict'] },
  { method: 'POST', path: '/api/guidebooks/:id/redo', tag: 'history', summary: 'Redo the last undone edit', access: 'owner-or-admin', ifMatch: 'optional', ok: json(documentChangeAcceptedSchema), problems: ['revision_mismatch', 'conflict'] },
  { method: 'PUT', path: '/api/guidebooks/:id/password', tag: 'guidebooks', summary: "Set or clear the reader's password", access: 'owner-or-admin', body: guidebookPasswordBodySchema, ok: json(guidebookSettingsAcceptedSchema) },
  { method: 'PATCH', path: '/api/guidebooks/:id/public-gallery', tag: 'gallery', summary: 'Show in or hide from the public gallery', access: 'owner-or-admin', body: publicGalleryBodySchema, ok: json(guidebookSettingsAcceptedSchema) },
  { method: 'PUT', path: '/api/guidebooks/:id/publish', tag: 'guidebooks', summary: 'Publish (needs a subscription; at most 10 at once)', access: 'owner-or-admin', ok: json(guidebookSettingsAcceptedSchema), problems: ['subscription_required', 'publish_limit_reached'] },
  { method: 'PUT', path: '/api/guidebooks/:id/unpublish', tag: 'guidebooks', summary: 'Unpublish', access: 'owner-or-admin', ok: json(guidebookSettingsAcceptedSchema) },
  { method: 'PUT', path: '/api/guidebooks/:id/sample', tag: 'back office', summary: 'Mark a guidebook as a sample (administrators)', access: 'admin', body: sampleFlagsBodySchema, ok: json(guidebookSettingsAcceptedSchema) },
  { method: 'GET', path: '/api/sample/guidebook', tag: 'guidebooks', summary: 'The sample guidebook to start from', access: 'signed-in', query: sampleQuerySchema, ok: json(sampleGuidebookSchema) },
  { method: 'GET', path: '/api/sample/guidebook-content', tag: 'guidebooks', summary: "The sample's content pages", access: 'signed-in', query: sampleQuerySchema, ok: json(sampleContentsSchema) },

  // — readers (spec 1 §6)
  { method: 'GET', path: '/api/viewer/sample', tag: 'viewer', summary: 'The sample guidebook as readers see it', access: 'public', ok: { status: 200, description: 'the viewer document' } },
  { method: 'GET', path: '/api/viewer/sample/qr.svg', tag: 'viewer', summary: "QR code of the sample's address", access: 'public', ok: svg },
  { method: 'GET', path: '/api/viewer/guidebooks/:id', tag: 'viewer', summary: 'A published guidebook by id, as readers see it', access: 'public', ok: { status: 200, description: 'the viewer document, or a locked answer when a password is set' }, problems: ['not_found'] },
  { method: 'GET', path: '/api/viewer/preview/:id', tag: 'viewer', summary: "The owner's preview of an unpublished guidebook", access: 'owner-or-admin', ok: { status: 200, description: 'the viewer document' } },
  { method: 'GET', path: '/api/viewer/:uuid', tag: 'viewer', summary: 'A published guidebook by its address', access: 'public', ok: { status: 200, description: 'the viewer document, or a locked answer when a password is set' }, problems: ['not_found'] },
  { method: 'GET', path: '/api/viewer/:uuid/qr.svg', tag: 'viewer', summary: 'QR code of a published address', access: 'public', ok: svg, problems: ['not_found'] },
  { method: 'POST', path: '/api/viewer/:uuid/unlock', tag: 'viewer', summary: "Unlock a password-protected guidebook (sets the reader's cookie)", access: 'public', body: viewerUnlockBodySchema, ok: { status: 200, description: 'the viewer document' }, problems: ['unauthorized', 'not_found', 'too_many_requests'] },
  { method: 'GET', path: '/m/sample', tag: 'reader pages', summary: "The sample's reader page", access: 'public', ok: html },
  { method: 'GET', path: '/m/sample/contents/:contentId', tag: 'reader pages', summary: "A content page of the sample's reader page", access: 'public', ok: html },
  { method: 'GET', path: '/m/:uuid', tag: 'reader pages', summary: 'The reader page of a published guidebook', access: 'public', ok: html, problems: ['not_found'] },
  { method: 'GET', path: '/m/:uuid/contents/:contentId', tag: 'reader pages', summary: 'A content page of a reader page', access: 'public', ok: html, problems: ['not_found'] },
  { method: 'GET', path: '/guidebooks/preview/:id', tag: 'reader pages', summary: "The owner's preview page (the editor frames it)", access: 'public', ok: html },
  { method: 'GET', path: '/guidebooks/preview/:id/contents/:contentId', tag: 'reader pages', summary: 'A content page of the preview', access: 'public', ok: html },
  { method: 'GET', path: '/guidebooks/:id/contents/:contentId', tag: 'reader pages', summary: 'A content page of a published guidebook by id', access: 'public', ok: html, problems: ['not_found'] },
  { method: 'GET', path: '/media/:key', live: '/media/^\\/(.+)$/', openApiPath: '/media/{key}', tag: 'media', summary: 'An image or thumbnail (any depth of key; 302 to the bucket when one serves them)', access: 'public', ok: { status: 200, type: 'image/*', description: 'the image' }, problems: ['not_found'] },

  // — icons, messages, feedback (spec 3)
  { method: 'GET', path: '/api/icons', tag: 'icons', summary: 'My icon library', access: 'signed-in', ok: json(iconListSchema) },
  { method: 'POST', path: '/api/icons', tag: 'icons', summary: 'Add an icon (at most 100)', access: 'signed-in', upload: IMAGE, ok: json(iconUploadAnswerSchema, 201), problems: ['icon_limit_reached', 'payload_too_large', 'unsupported_media_type', 'upload_in_progress'] },
  { method: 'DELETE', path: '/api/icons/:iconId', tag: 'icons', summary: 'Delete an icon', access: 'owner-or-admin', ok: json(iconDeleteAnswerSchema) },
  { method: 'GET', path: '/api/admin/icons', tag: 'icons', summary: 'Every icon (administrators)', access: 'admin', ok: json(iconListSchema) },
  { method: 'GET', path: '/api/messages', tag: 'messages', summary: 'Messages shown to me', access: 'signed-in', query: messageListQuerySchema, ok: json(messagePageSchema) },
  { method: 'GET', path: '/api/messages/:id', tag: 'messages', summary: 'One message', access: 'signed-in', ok: json(messageSchema) },
  { method: 'DELETE', path: '/api/messages/:id', tag: 'messages', summary: 'Delete a message (administrators)', access: 'admin', ok: { status: 204 } },
  { method: 'POST', path: '/api/messages/:id/dismiss', tag: 'messages', summary: 'Dismiss a message for me', access: 'signed-in', ok: json(commandAcceptedSchema), problems: ['not_found'] },
  { method: 'GET', path: '/api/admin/messages', tag: 'messages', summary: 'Every message (administrators)', access: 'admin', query: messageListQuerySchema, ok: json(messagePageSchema) },
  { method: 'POST', path: '/api/admin/messages', tag: 'messages', summary: 'Write a message, sent at once with `showing: true`', access: 'admin', body: messageWriteSchema, ok: json(messageWrittenSchema, 201) },
  { method: 'GET', path: '/api/admin/messages/:id', tag: 'messages', summary: 'One message (administrators)', access: 'admin', ok: json(messageSchema) },
  { method: 'PUT', path: '/api/admin/messages/:id', tag: 'messages', summary: 'Change a message, send or withdraw it', access: 'admin', body: messageWriteSchema, ok: json(messageWrittenSchema) },
  { method: 'DELETE', path: '/api/admin/messages/:id', tag: 'messages', summary: 'Delete a message', access: 'admin', ok: { status: 204 } },
  { method: 'POST', path: '/api/feedback', tag: 'feedback', summary: 'Send feedback (anonymous allowed)', access: 'public', body: submitFeedbackBodySchema, ok: json(feedbackAcceptedSchema, 201), problems: ['too_many_requests'] },
  { method: 'GET', path: '/api/admin/feedback', tag: 'feedback', summary: 'Feedback received, paged', access: 'admin', query: feedbackListQuerySchema, ok: json(feedbackPageSchema) },

  // — thumbnails (spec 1 §7, spec 3 §7)
  { method: 'POST', path: '/api/thumbnails/generate', tag: 'thumbnails', summary: 'Draw thumbnails of my published guidebooks', access: 'signed-in', body: requestThumbnailsBodySchema, ok: { ...json(thumbnailRequestAnswerSchema, 202), alsoStatus: 200 } },
  { method: 'GET', path: '/api/thumbnails/status', tag: 'thumbnails', summary: 'The thumbnail queue and whether a renderer is here', access: 'signed-in', ok: json(thumbnailStatusSchema) },
  { method: 'POST', path: '/api/admin/thumbnails/generate', tag: 'thumbnails', summary: 'Draw thumbnails of one guidebook or a list (administrators)', access: 'admin', body: [adminThumbnailBodySchema, adminSpecificThumbnailsBodySchema], ok: { ...json(thumbnailRequestAnswerSchema, 202), alsoStatus: 200 } },

  // — payments and subscriptions (spec 2 §5)
  { method: 'GET', path: '/api/payments', tag: 'payments', summary: 'My payments, paged', access: 'signed-in', query: paymentsQuerySchema, ok: json(ordersPageSchema) },
  { method: 'GET', path: '/api/payments/config', tag: 'payments', summary: 'Which payment window the browser opens', access: 'public', ok: { status: 200, description: 'the provider and its public keys' } },
  { method: 'GET', path: '/api/payments/all', tag: 'payments', summary: 'Every payment, paged (administrators)', access: 'admin', query: paymentsQuerySchema, ok: json(ordersPageSchema) },
  { method: 'GET', path: '/api/payments/user/:userId', tag: 'payments', summary: "One account's payments", access: 'self-or-admin', query: userPaymentsQuerySchema, ok: json(ordersPageSchema) },
  { method: 'GET', path: '/api/payments/:merchantUid', tag: 'payments', summary: 'One payment', access: 'owner-or-admin', ok: json(orderSchema) },
  { method: 'GET', path: '/api/payments/:merchantUid/receipt', tag: 'payments', summary: "One payment's receipt: seller, buyer, each charge and refund as supply, VAT and total", access: 'owner-or-admin', ok: json(receiptSchema) },
  { method: 'DELETE', path: '/api/payments/:merchantUid', tag: 'payments', summary: 'Delete a payment record (administrators)', access: 'admin', ok: json(paymentDeletedAnswerSchema) },
  { method: 'POST', path: '/api/payments/refund', tag: 'payments', summary: 'Refund a payment (administrators)', access: 'admin', body: refundBodySchema, ok: json(refundAnswerSchema), problems: ['not_found', 'payment_declined', 'payment_provider_unavailable'] },
  { method: 'POST', path: '/api/payments/webhook', tag: 'payments', summary: "PortOne's notification: the payment is looked up with the provider, recorded and granted once", access: 'public', body: portOneWebhookBodySchema, ok: json(webhookAnswerSchema), problems: ['not_found', 'payment_mismatch', 'payment_provider_unavailable'] },
  { method: 'POST', path: '/api/payments/transfer', tag: 'payments', summary: 'Record a bank transfer and grant the plan (administrators)', access: 'admin', body: transferBodySchema, ok: json(transferAnswerSchema) },
  { method: 'POST', path: '/api/subscriptions/subscribe', tag: 'subscriptions', summary: 'Subscribe after the payment window (monthly billing)', access: 'signed-in', body: subscribeBodySchema, ok: json(subscriptionAnswerSchema), problems: ['option_unavailable', 'payment_not_completed', 'payment_mismatch', 'debug_payment_refused', 'payment_declined', 'payment_provider_unavailable'] },
  { method: 'POST', path: '/api/subscriptions/subscribe-one-month', tag: 'subscriptions', summary: 'Buy one month', access: 'signed-in', body: subscribeBodySchema, ok: json(subscriptionAnswerSchema), problems: ['option_unavailable', 'payment_not_completed', 'payment_mismatch', 'debug_payment_refused', 'payment_declined', 'payment_provider_unavailable'] },
  { method: 'POST', path: '/api/subscriptions/change-payment-method', tag: 'subscriptions', summary: 'Change the card used for billing', access: 'signed-in', body: changePaymentMethodBodySchema, ok: json(subscriptionAnswerSchema), problems: ['payment_declined', 'payment_provider_unavailable'] },
  { method: 'POST', path: '/api/subscriptions/unsubscribe', tag: 'subscriptions', summary: 'End my subscription at the end of the period', access: 'signed-in', ok: json(subscriptionAnswerSchema), problems: ['conflict'] },
  { method: 'POST', path: '/api/subscriptions/admin/subscribe', tag: 'subscriptions', summary: 'Subscribe an account (administrators)', access: 'admin', body: adminSubscribeBodySchema, ok: json(adminSubscriptionAnswerSchema) },
  { method: 'POST', path: '/api/subscriptions/admin/subscribe-one-month', tag: 'subscriptions', summary: 'Give an account one month (administrators)', access: 'admin', body: adminCustomerBodySchema, ok: json(adminSubscriptionAnswerSchema) },
  { method: 'POST', path: '/api/subscriptions/admin/change-plan', tag: 'subscriptions', summary: "Change an account's plan (administrators)", access: 'admin', body: adminChangePlanBodySchema, ok: json(adminSubscriptionAnswerSchema) },
  { method: 'POST', path: '/api/subscriptions/admin/unsubscribe', tag: 'subscriptions', summary: "End an account's subscription (administrators)", access: 'admin', body: adminCustomerBodySchema, ok: json(adminSubscriptionAnswerSchema) },
  { method: 'POST', path: '/api/subscriptions/admin/schedule-payment', tag: 'subscriptions', summary: 'Schedule the next charge of an account (administrators)', access: 'admin', body: schedulePaymentBodySchema, ok: json(subscriptionAnswerSchema), problems: ['payment_provider_unavailable'] },
  { method: 'GET', path: '/api/admin/subscriptions/transactions', tag: 'payments', summary: 'Every transaction, paged (administrators)', access: 'admin', query: paymentsQuerySchema, ok: json(transactionsPageSchema) },
  { method: 'GET', path: '/api/admin/subscriptions/user-transactions/:userId', tag: 'payments', summary: "One account's transactions", access: 'admin', query: userPaymentsQuerySchema, ok: json(transactionsPageSchema) },

  // — back office: dashboard, guidebooks, audit, event explorer
  { method: 'GET', path: '/api/admin/dashboard', tag: 'back office', summary: 'The dashboard summary (optionally as of an instant)', access: 'admin', query: dashboardQuerySchema, ok: json(dashboardSummarySchema) },
  // — reader insights (issue 24)
  { method: 'POST', path: '/api/reading', tag: 'reader insights', summary: "A reader's beacon: pages opened and time in view (nothing about the reader is kept)", access: 'public', body: readingBeaconSchema, ok: { status: 204 }, problems: ['not_found', 'too_many_requests'] },
  { method: 'GET', path: '/api/guidebooks/:id/insights', tag: 'reader insights', summary: "One guidebook's readers per day, pages, sources and devices beside the period before (`format=csv` for CSV)", access: 'owner-or-admin', query: insightsQuerySchema, ok: json(insightsAnswerSchema), problems: ['not_found'] },
  { method: 'GET', path: '/api/kakao/config', tag: 'reader insights', summary: "Kakao's JavaScript app key for the KakaoTalk share and sign-in buttons (null: Kakao is not configured)", access: 'public', ok: json(kakaoConfigSchema) },
  { method: 'GET', path: '/api/admin/insights', tag: 'reader insights', summary: 'The same figures site-wide, or for one company', access: 'admin', query: insightsQuerySchema, ok: json(insightsAnswerSchema) },
  { method: 'GET', path: '/api/admin/guidebooks', tag: 'back office', summary: 'Every guidebook, paged', access: 'admin', query: guidebookListQuerySchema, ok: json(adminGuidebookRowsSchema) },
  { method: 'GET', path: '/api/admin/audit/:subjectType/:id', tag: 'back office', summary: 'The audit timeline of a guidebook or account', access: 'admin', query: auditQuerySchema, ok: json(auditPageSchema) },
  { method: 'GET', path: '/api/admin/events', tag: 'event explorer', summary: 'The event log, filtered, cursor paging', access: 'admin', query: eventQuerySchema, ok: json(eventListSchema) },
  { method: 'GET', path: '/api/admin/events/export', tag: 'event explorer', summary: 'The filtered log as NDJSON', access: 'admin', query: eventQuerySchema, ok: { status: 200, type: 'application/x-ndjson', description: 'one recorded event a line' } },
  { method: 'GET', path: '/api/admin/events/:position', tag: 'event explorer', summary: 'One event with its causation chain', access: 'admin', ok: json(eventDetailSchema), problems: ['not_found'] },
  { method: 'GET', path: '/api/admin/guidebooks/:guidebookId/as-of', tag: 'event explorer', summary: 'A guidebook as it was at an instant (a replay of its stream)', access: 'admin', query: guidebookAsOfQuerySchema, ok: json(guidebookAsOfSchema), problems: ['not_found'] },

  // — operations
  { method: 'GET', path: '/api/health', tag: 'operations', summary: 'Stores, projector checkpoints and lag, worker lag (503 when failing)', access: 'public', ok: { status: 200, description: 'the health report' } },
  { method: 'GET', path: '/api/openapi.json', tag: 'operations', summary: 'This document', access: 'public', ok: { status: 200, description: 'OpenAPI 3.1' } },
  { method: 'GET', path: '/api/docs', tag: 'operations', summary: 'This document, readable (Swagger UI)', access: 'public', ok: html },
  { method: 'GET', path: '/api/docs/:asset', tag: 'operations', summary: "The readable page's script, style and icon", access: 'public', ok: { status: 200, description: 'a file of Swagger UI' }, problems: ['not_found'] },
  { method: 'GET', path: '/api/dev/outbox', tag: 'operations', summary: 'Mails written to the outbox (outside production, outbox mailer only)', access: 'dev', ok: { status: 200, description: 'the mails' } },
  { method: 'GET', path: '/api/dev/outbox/:id', tag: 'operations', summary: 'One mail of the outbox', access: 'dev', ok: { status: 200, description: 'the mail' } },

  // — the web app's pages
  { method: 'GET', path: '/', tag: 'web app', summary: 'The landing page', access: 'public', ok: html },
  { method: 'GET', path: '/login', tag: 'web app', summary: 'Sign in', access: 'public', ok: html },
  { method: 'GET', path: '/signup', tag: 'web app', summary: 'Sign up', access: 'public', ok: html },
  { method: 'GET', path: '/:page', live: '/^\\/(?!api\\/).*/', openApiPath: '/{page}', tag: 'web app', summary: 'Any other path outside /api: the web app, which routes in the browser', access: 'public', ok: html },
];
