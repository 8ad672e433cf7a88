import { z } from 'zod';

/** The kinds of single sign-on connector, each with its own endpoint, audit events and sign-in flow. */
export const connectorKinds = ['oidc', 'saml', 'github'] as const;
export type ConnectorKind = (typeof connectorKinds)[number];

const name = z.string().regex(/^[a-zA-Z0-9][a-zA-Z0-9._@-]{0,127}$/, 'must be 1-128 letters, digits, dots, dashes, underscores or @');
const text = (what: string) => z.string({ error: `write the ${what}` }).trim().min(1, `write the ${what}`);
const url = (what: string) =>
  z.url({ protocol: /^https?$/, error: `must be the ${what} as an http(s) URL, like "https://sso.example.com/..."` });
const roles = z
  .array(z.string().min(1, 'a role name cannot be empty'), { error: 'must be a list of role names, like [access, editor]' })
  .min(1, 'name at least one role to grant');
/** A list like `[{claim, value, roles}]`: `one` names what is matched, `fields` the keys of an entry. */
const mappings = <T extends z.ZodRawShape>(shape: T, one: string, fields: string) =>
  z
    .array(z.object({ ...shape, roles }).strict(), { error: `must be a list of {${fields}, roles}` })
    .min(1, `map at least one ${one} to roles, or no one who signs in gets any`);

const metadata = z.object({ name, description: z.string().optional() }).strict();
const display = z.string().min(1, 'the button label cannot be empty').optional();

/** Kind and version, with a message that says what this endpoint takes. */
const header = <K extends ConnectorKind>(kind: K) => ({
  kind: z.literal(kind, { error: `must be ${kind}: this endpoint takes ${kind} connectors` }),
  version: z.literal('v3', { error: 'must be v3' }).default('v3'),
  metadata,
});

export const oidcConnectorSchema = z
  .object({
    ...header('oidc'),
    spec: z
      .object({
        client_id: text('client ID the identity provider gave this gateway'),
        client_secret: text('client secret the identity provider gave this gateway'),
        issuer_url: url('identity provider’s issuer'),
        redirect_url: url('callback URL registered with the identity provider (https://<gateway>/v1/webapi/oidc/callback)'),
        scope: z.array(z.string().min(1)).optional(),
        claims_to_roles: mappings({ claim: text('claim to match'), value: text('value the claim must have') }, 'claim', 'claim, value'),
        display,
      })
      .strict(),
  })
  .strict();

export const samlConnectorSchema = z
  .object({
    ...header('saml'),
    spec: z
      .object({
        entity_descriptor: z.string().trim().min(1, 'paste the identity provider’s metadata XML, or remove the field').optional(),
        entity_descriptor_url: url('address of the identity provider’s metadata').optional(),
        acs: url('assertion consumer service URL (https://<gateway>/v1/webapi/saml/acs/<name>)'),
        audience: z.string().min(1).optional(),
        attributes_to_roles: mappings({ name: text('attribute name'), value: text('value the attribute must have') }, 'attribute', 'name, value'),
        display,
      })
      .strict()
      .superRefine((spec, ctx) => {
        if (spec.entity_descriptor === undefined && spec.entity_descriptor_url === undefined)
          ctx.addIssue({ code: 'custom', path: ['entity_descriptor'], message: 'give the identity provider’s metadata: entity_descriptor (the XML) or entity_descriptor_url' });
        else if (spec.entity_descriptor !== undefined && spec.entity_descriptor_url !== undefined)
          ctx.addIssue({ code: 'custom', path: ['entity_descriptor_url'], message: 'give entity_descriptor or entity_descriptor_url, not both' });
      }),
  })
  .strict();

export const githubConnectorSchema = z
  .object({
    ...header('github'),
    spec: z
      .object({
        client_id: text('client ID of the GitHub OAuth app'),
        client_secret: text('client secret of the GitHub OAuth app'),
        redirect_url: url('callback URL registered with the OAuth app (https://<gateway>/v1/webapi/github/callback)'),
        teams_to_roles: mappings({ organization: text('GitHub organization'), team: text('team of that organization') }, 'team', 'organization, team'),
        display,
        /** GitHub Enterprise (or a test stand-in): where people sign in, and where the API answers. */
        endpoint_url: url('GitHub address people sign in at').optional(),
        api_endpoint_url: url('GitHub API address').optional(),
      })
      .strict(),
  })
  .strict();

export const connectorSchemas = { oidc: oidcConnectorSchema, saml: samlConnectorSchema, github: githubConnectorSchema } as const;

export type OidcConnector = z.infer<typeof oidcConnectorSchema>;
export type SamlConnector = z.infer<typeof samlConnectorSchema>;
export type GithubConnector = z.infer<typeof githubConnectorSchema>;
export type ConnectorResource = OidcConnector | SamlConnector | GithubConnector;
export type ConnectorOf<K extends ConnectorKind> = z.infer<(typeof connectorSchemas)[K]>;

/** The kinds whose spec holds a client secret, which the gateway never sends back in clear. */
export const hasClientSecret = (c: ConnectorResource): c is OidcConnector | GithubConnector => c.kind !== 'saml';
