export { Field } from './Field';
export type { FieldProps } from './Field';
export { FieldInput, FieldTextArea } from './FieldInput';
export type { FieldInputProps, FieldTextAreaProps } from './FieldInput';
export { Validation, useValidation, useRule } from './Validation';
export type { Validator } from './Validation';
export { requiredField, requiredMinLength, requiredPattern, requiredMatch, composeRules } from './rules';
export type { Rule, RuleResult } from './rules';
