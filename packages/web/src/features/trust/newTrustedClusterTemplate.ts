/**
 * What the editor starts from when this cluster joins a root: every field the gateway needs, commented,
 * with placeholders for the root's name, addresses and join token.
 */
export const newTrustedClusterTemplate = `# A trusted cluster: this cluster joins a root cluster as a leaf, and the
# root's users reach this cluster's resources with the roles mapped below.
kind: trusted_cluster
version: v2
metadata:
  # The root cluster's name: it cannot be changed once saved.
  name: root.example.com
spec:
  # Set to false to disconnect from the root without deleting the trust.
  enabled: true
  # A join token the root issued for trusted clusters (roles: [Trusted_cluster]).
  token: replace-with-the-join-token
  # Where this cluster opens its tunnel to the root, and the root's web address.
  tunnel_addr: root.example.com:3080
  web_proxy_addr: root.example.com:3080
  # Which roles of this cluster a root user gets: 'remote' is a role on the root
  # ('*' for any), 'local' the roles it maps to here.
  role_map:
    - remote: access
      local: [access]
`;
