import { z } from 'zod';
import { CONFIG_DATE_FORMAT, CONFIG_DATE_TIME_FORMAT, DEFAULT_SCROLLBACK_LINES } from '../constants';

const authProvider = z.object({
  name: z.string(),
  type: z.string(),
  displayName: z.string().optional(),
  url: z.string().optional(),
});

/** The console's configuration, as window.PORTCULLIS_CONFIG, with a default for every field. */
export const webConfigSchema = z.object({
  auth: z
    .object({
      localAuthEnabled: z.boolean().default(true),
      allowPasswordless: z.boolean().default(false),
      localConnectorName: z.string().default(''),
      providers: z.array(authProvider).default([]),
      second_factor: z.string().default('off'),
      authType: z.string().default('local'),
      preferredLocalMfa: z.string().default(''),
      privateKeyPolicy: z.string().default('none'),
    })
    .prefault({}),
  isEnterprise: z.boolean().default(false),
  isCloud: z.boolean().default(false),
  isDashboard: z.boolean().default(false),
  tunnelPublicAddress: z.string().default(''),
  recoveryCodesEnabled: z.boolean().default(false),
  isUsageBasedBilling: z.boolean().default(false),
  proxyCluster: z.string().default('localhost'),
  ui: z.object({ scrollbackLines: z.number().int().positive().default(DEFAULT_SCROLLBACK_LINES) }).prefault({}),
  dateTimeFormat: z.string().default(CONFIG_DATE_TIME_FORMAT),
  dateFormat: z.string().default(CONFIG_DATE_FORMAT),
});

export type WebConfig = z.infer<typeof webConfigSchema>;
export type AuthProvider = z.infer<typeof authProvider>;

/** Fills in every default; a field of the wrong type is a configuration bug and throws, naming the field. */
export function makeWebConfig(raw: unknown): WebConfig {
  return webConfigSchema.parse(raw ?? {});
}

export type PrimaryAuthType = 'passwordless' | 'local' | 'sso';

/** Passwordless if the local connector is named so; else local if authType is local; else sso. */
export function primaryAuthType(config: WebConfig): PrimaryAuthType {
  if (config.auth.localConnectorName === 'passwordless') return 'passwordless';
  if (config.auth.authType === 'local') return 'local';
  return 'sso';
}
