/** A role, auth connector or trusted cluster as an editable YAML document. */
export type ResourceKind = 'role' | 'github' | 'oidc' | 'saml' | 'trusted_cluster';

export interface ResourceJson {
  kind: ResourceKind;
  name: string;
  content: string;
}

export interface Resource {
  id: string;
  kind: ResourceKind;
  name: string;
  content: string;
}

export const makeResource = (json: ResourceJson): Resource => ({
  id: `${json.kind}:${json.name}`,
  kind: json.kind,
  name: json.name,
  content: json.content,
});
