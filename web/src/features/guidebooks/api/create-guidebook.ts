import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commandAcceptedSchema, type CommandAccepted, type CreateGuidebookBody } from '@pocketguide/contracts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { guidebookListQueryKey } from './get-guidebooks.ts';

export async function createGuidebook(api: ApiClient, body: CreateGuidebookBody): Promise<CommandAccepted> {
  const { data } = await api.request({ method: 'POST', path: '/guidebooks', body, schema: commandAcceptedSchema });
  return data;
}

type UseCreateGuidebookOptions = {
  /** Runs before the list is refetched, so the caller can pass the answer's position on as `after`. */
  onSuccess?: (accepted: CommandAccepted, body: CreateGuidebookBody) => void;
};

export function useCreateGuidebook({ onSuccess }: UseCreateGuidebookOptions = {}) {
  const queryClient = useQueryClient();
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: CreateGuidebookBody) => createGuidebook(api, body),
    onSuccess: async (accepted, body) => {
      onSuccess?.(accepted, body);
      await queryClient.invalidateQueries({ queryKey: guidebookListQueryKey });
    },
  });
}
