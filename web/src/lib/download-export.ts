import { API_BASE_PATH, toFailure } from './api-client.ts';

/**
 * Downloads an export (NDJSON, CSV) the server streams: fetched with the session's token (a link could not carry
 * it), then handed to the browser as a file.
 */
export async function downloadExport(
  path: string,
  query: Record<string, string | undefined>,
  token: string | undefined,
  fileName: string,
): Promise<void> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, value);
  const search = params.toString();
  const response = await fetch(`${API_BASE_PATH}${path}${search ? `?${search}` : ''}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) throw await toFailure(response);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
