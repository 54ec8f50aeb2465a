import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commandAcceptedSchema, type CommandAccepted, type CreateGuidebookBody } from '@pocketguide/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { guidebookListQueryKey } from './get-guidebooks.ts';

export async function createGuidebook(body: CreateGuidebookBody): Promise<CommandAccepted> {
  const { data } = await apiRequest({ method: 'POST', path: '/guidebooks', body, schema: commandAcceptedSchema });
  return data;
}

type UseCreateGuidebookOptions = {
  /** Runs before the list is refetched, so the caller can pass the answer's position on as `after`. */
  onSuccess?: (accepted: CommandAccepted, body: CreateGuidebookBody) => void;
};

export function useCreateGuidebook({ onSuccess }: UseCreateGuidebookOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGuidebook,
    onSuccess: async (accepted, body) => {
      onSuccess?.(accepted, body);
      await queryClient.invalidateQueries({ queryKey: guidebookListQueryKey });
    },
  });
}
