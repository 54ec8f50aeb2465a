import { createContext, useContext, type ReactNode } from 'react';
import { z } from 'zod';

/**
 * Settings the build may carry (Vite `VITE_*` variables), validated once at start by the composition root.
 * Optional features stay off unless configured.
 */
const envSchema = z.object({
  /** A third-party support chat widget's script; no script is loaded when unset. */
  VITE_SUPPORT_CHAT_URL: z.preprocess((value) => (value === '' ? undefined : value), z.url({ protocol: /^https?$/ }).optional()),
});

export type AppConfig = { supportChatUrl: string | undefined };

export function readAppConfig(env: Record<string, unknown>): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid build settings: ${parsed.error.message}`);
  return { supportChatUrl: parsed.data.VITE_SUPPORT_CHAT_URL };
}

const defaultConfig: AppConfig = { supportChatUrl: undefined };
const AppConfigContext = createContext<AppConfig>(defaultConfig);

export function AppConfigProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  return <AppConfigContext.Provider value={config}>{children}</AppConfigContext.Provider>;
}

export function useAppConfig(): AppConfig {
  return useContext(AppConfigContext);
}
