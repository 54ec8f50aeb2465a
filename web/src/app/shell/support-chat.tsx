import { useEffect } from 'react';

export const SUPPORT_CHAT_SCRIPT_ID = 'pocketguide-support-chat';

/**
 * The third-party support chat (spec 3 §2.10), loaded once on mount, and only when the build names its script:
 * without a configured service no request leaves for anyone else's server.
 */
export function SupportChat({ src }: { src: string | undefined }) {
  useEffect(() => {
    if (!src || document.getElementById(SUPPORT_CHAT_SCRIPT_ID)) return;
    const script = document.createElement('script');
    script.id = SUPPORT_CHAT_SCRIPT_ID;
    script.src = src;
    script.async = true;
    document.body.appendChild(script);
  }, [src]);
  return null;
}
