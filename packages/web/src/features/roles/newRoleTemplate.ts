/** What the editor starts from when creating a role: the smallest role the gateway accepts, to adapt. */
export const newRoleTemplate = `kind: role
version: v7
metadata:
  name: new-role
spec:
  allow:
    logins: ['{{internal.logins}}']
    node_labels:
      '*': '*'
  deny: {}
`;
