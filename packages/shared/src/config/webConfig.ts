import { z } from 'zod/mini';
import { CONFIG_DATE_FORMAT, CONFIG_DATE_TIME_FORMAT, DEFAULT_SCROLLBACK_LINES } from '../constants';

// zod's tree-shakable form: this schema is parsed on the login page, which loads nothing else of zod.
const authProvider = z.object({
  name: z.string(),
  type: z.string(),
  displayName: z.optional(z.string()),
  url: z.optional(z.string()),
});

/** The console's configuration, as window.PORTCULLIS_CONFIG, with a default for every field. */
export const webConfigSchema = z.object({
  auth: z.prefault(
    z.object({
      localAuthEnabled: z._default(z.boolean(), true),
      allowPasswordless: z._default(z.boolean(), false),
      localConnectorName: z._default(z.string(), ''),
      providers: z._default(z.array(authProvider), []),
      second_factor: z._default(z.string(), 'off'),
      authType: z._default(z.string(), 'local'),
      preferredLocalMfa: z._default(z.string(), ''),
      privateKeyPolicy: z._default(z.string(), 'none'),
    }),
    {},
  ),
  isEnterprise: z._default(z.boolean(), false),
  isCloud: z._default(z.boolean(), false),
  isDashboard: z._default(z.boolean(), false),
  tunnelPublicAddress: z._default(z.string(), ''),
  recoveryCodesEnabled: z._default(z.boolean(), false),
  isUsageBasedBilling: z._default(z.boolean(), false),
  proxyCluster: z._default(z.string(), 'localhost'),
  ui: z.prefault(z.object({ scrollbackLines: z._default(z.int().check(z.positive()), DEFAULT_SCROLLBACK_LINES) }), {}),
  dateTimeFormat: z._default(z.string(), CONFIG_DATE_TIME_FORMAT),
  dateFormat: z._default(z.string(), CONFIG_DATE_FORMAT),
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
