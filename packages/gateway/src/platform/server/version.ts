/** This gateway's version, as /ping and the cluster summary report it. */
export const version = '0.1.0';
