/** The browser's side broke the RFB protocol; the message says how, for the user and the audit log. */
export class RfbError extends Error {
  override readonly name = 'RfbError';
}
