import { useQuery } from '@tanstack/react-query';
import { iconListSchema } from '@pocketguide/contracts';
import { useApiClient } from '../../../lib/api-client-context.tsx';

/**
 * GET icons: the signed-in person's custom icons for the choose-icon popup. The same cache entry as the icon
 * library's own list (`['icons', 'own']`), so an icon uploaded there shows here at once.
 */
export function useCustomIcons({ enabled }: { enabled: boolean }) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['icons', 'own'],
    queryFn: async ({ signal }) => (await api.request({ path: '/icons', schema: iconListSchema, signal })).data,
    enabled,
  });
}
