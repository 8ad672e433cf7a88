import type { AppSessionJson } from '@portcullis/shared';

/** The launcher posts these to the app host's auth path; they are returned once and stored only hashed. */
export const presentAppSession = (fqdn: string, value: string, subject: string): AppSessionJson => ({
  fqdn,
  value,
  subject,
  cookie_value: value,
  subject_cookie_value: subject,
});
