import { composeRules, requiredField, requiredMinLength, type Rule } from '@portcullis/design';

// PENDING shared: the length bounds the gateway enforces belong in shared (see the report); until then
// they mirror packages/gateway/src/auth/password.ts.
const minLength = 12;
const maxLength = 128;

/** The password rules shown beside the field and checked before the server is asked. */
export const passwordRuleText = `Use ${minLength} to ${maxLength} characters.`;

export const passwordRule: Rule = composeRules(
  requiredField('Enter a password'),
  requiredMinLength(minLength, `Enter at least ${minLength} characters`),
  (value) =>
    value.length <= maxLength
      ? { valid: true }
      : { valid: false, message: `Use at most ${maxLength} characters` },
);
