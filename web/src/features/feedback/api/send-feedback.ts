import { useMutation } from '@tanstack/react-query';
import { feedbackAcceptedSchema, type FeedbackAccepted, type SubmitFeedbackBody } from '@pocketguide/contracts';
import { ApiError, type ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/** POST /api/feedback (anonymous visitors too; a signed-in person's token says who sent it). */
export async function sendFeedback(api: ApiClient, body: SubmitFeedbackBody): Promise<FeedbackAccepted> {
  const { data, status } = await api.request({
    method: 'POST',
    path: '/feedback',
    body,
    schema: feedbackAcceptedSchema,
  });
  if (data.error) throw new ApiError({ status, code: 'feedback_failed', message: data.error });
  return data;
}

export function useSendFeedback() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: SubmitFeedbackBody) => sendFeedback(api, body),
    // The form says it failed and keeps the text; it must not be swapped for the server-down page.
    meta: { handlesNetworkError: true },
  });
}
