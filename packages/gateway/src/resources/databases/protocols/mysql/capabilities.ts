/** Capability flags of the MySQL client/server protocol (the bits the gateway and agent look at). */
export const capability = {
  longPassword: 1 << 0,
  foundRows: 1 << 1,
  longFlag: 1 << 2,
  connectWithDb: 1 << 3,
  compress: 1 << 5,
  localFiles: 1 << 7,
  ignoreSpace: 1 << 8,
  protocol41: 1 << 9,
  interactive: 1 << 10,
  ssl: 1 << 11,
  ignoreSigpipe: 1 << 12,
  transactions: 1 << 13,
  secureConnection: 1 << 15,
  multiStatements: 1 << 16,
  multiResults: 1 << 17,
  psMultiResults: 1 << 18,
  pluginAuth: 1 << 19,
  connectAttrs: 1 << 20,
  pluginAuthLenencData: 1 << 21,
} as const;

/**
 * What the gateway offers the client. Left out on purpose: SSL (TLS is the tunnel's job), COMPRESS (the inspector
 * reads plain packets), LOCAL_FILES (the file's contents would arrive as packets that are not commands), and
 * everything that changes the framing after login in a way some servers do not speak (DEPRECATE_EOF,
 * SESSION_TRACK, QUERY_ATTRIBUTES, OPTIONAL_RESULTSET_METADATA, MariaDB's extended capabilities): the client and
 * the server must agree on the session's framing, and the agent can only pass on what the server also has.
 * LONG_PASSWORD set tells MariaDB clients this is not a server with MariaDB's extended capabilities.
 */
export const gatewayCapabilities =
  capability.longPassword |
  capability.foundRows |
  capability.longFlag |
  capability.connectWithDb |
  capability.ignoreSpace |
  capability.protocol41 |
  capability.interactive |
  capability.ignoreSigpipe |
  capability.transactions |
  capability.secureConnection |
  capability.multiStatements |
  capability.multiResults |
  capability.psMultiResults |
  capability.pluginAuth |
  capability.connectAttrs |
  capability.pluginAuthLenencData;

/** The flags that only shape the handshake itself, which the agent sets as its own login needs. */
export const handshakeOnlyCapabilities =
  capability.connectWithDb |
  capability.secureConnection |
  capability.pluginAuth |
  capability.connectAttrs |
  capability.pluginAuthLenencData;
