import { composeRules, requiredField, requiredMinLength, type Rule } from '@portcullis/design';
import { passwordLength } from '@portcullis/shared';

// The bounds the gateway enforces, so the console never disagrees with the server.
const { min: minLength, max: maxLength } = passwordLength;

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
