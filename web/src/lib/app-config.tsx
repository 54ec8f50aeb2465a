import { createContext, useContext, type ReactNode } from 'react';
import { z } from 'zod';

/**
 * Settings the build may carry (Vite `VITE_*` variables), validated once at start by the composition root.
 * Optional features stay off unless configured.
 */
const envSchema = z.object({
  /** A third-party support chat widget's script; no script is loaded when unset. */
  VITE_SUPPORT_CHAT_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.url({ protocol: /^https?$/ }).optional(),
  ),
  /**
   * Spec 1 §6: public image proxies tried in turn when a thumbnail from a CDN fails to load: up to 3 https address
   * templates, comma-separated, each with `{url}` where the picture's encoded address goes. Unset: none is tried.
   */
  VITE_THUMBNAIL_PROXIES: z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : [],
    z
      .array(
        z
          .url({ protocol: /^https$/ })
          .refine((template) => template.includes('{url}'), 'each proxy needs {url} where the address goes'),
      )
      .max(3, 'at most 3 image proxies'),
  ),
});

export type AppConfig = {
  supportChatUrl: string | undefined;
  /** address templates with `{url}`, tried in order for a failed cross-origin thumbnail */
  thumbnailProxies: readonly string[];
};

export function readAppConfig(env: Record<string, unknown>): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid build settings: ${parsed.error.message}`);
  return { supportChatUrl: parsed.data.VITE_SUPPORT_CHAT_URL, thumbnailProxies: parsed.data.VITE_THUMBNAIL_PROXIES };
}

const defaultConfig: AppConfig = { supportChatUrl: undefined, thumbnailProxies: [] };
const AppConfigContext = createContext<AppConfig>(defaultConfig);

export function AppConfigProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  return <AppConfigContext.Provider value={config}>{children}</AppConfigContext.Provider>;
}

export function useAppConfig(): AppConfig {
  return useContext(AppConfigContext);
}
