/** A rule looks at a field's value and says whether it is acceptable, and why not. */
export type RuleResult = { valid: true } | { valid: false; message: string };
export type Rule<T = string> = (value: T) => RuleResult;

const ok: RuleResult = { valid: true };
const fail = (message: string): RuleResult => ({ valid: false, message });

export const requiredField =
  (message = 'This field is required'): Rule<string | readonly unknown[]> =>
  (value) =>
    (typeof value === 'string' ? value.trim() !== '' : value.length > 0) ? ok : fail(message);

export const requiredMinLength =
  (min: number, message = `Enter at least ${min} characters`): Rule =>
  (value) =>
    value.length >= min ? ok : fail(message);

export const requiredPattern =
  (pattern: RegExp, message: string): Rule =>
  (value) =>
    pattern.test(value) ? ok : fail(message);

/** The value must equal another field's current value, e.g. a password confirmation. */
export const requiredMatch =
  (other: () => string, message = 'The values do not match'): Rule =>
  (value) =>
    value === other() ? ok : fail(message);

/** The first failing rule wins. */
export const composeRules =
  <T>(...rules: Rule<T>[]): Rule<T> =>
  (value) =>
    rules.map((rule) => rule(value)).find((r) => !r.valid) ?? ok;
