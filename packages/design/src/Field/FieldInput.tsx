import type { ReactNode } from 'react';
import { Input, type InputProps } from '../Input';
import { TextArea, type TextAreaProps } from '../TextArea';
import type { SystemProps } from '../system';
import { Field } from './Field';
import type { Rule } from './rules';
import { useRule } from './Validation';

type Common = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rule?: Rule;
  helperText?: ReactNode;
  required?: boolean;
  /** Outer spacing of the whole field. */
  fieldProps?: SystemProps;
};

export type FieldInputProps = Common & Omit<InputProps, 'value' | 'onChange'>;

/** A labelled Input whose rule is checked by the surrounding Validation. */
export function FieldInput({
  label,
  value,
  onChange,
  rule,
  helperText,
  required,
  fieldProps,
  ...input
}: FieldInputProps) {
  const error = useRule(rule?.(value));
  return (
    <Field label={label} helperText={helperText} error={error} required={required} {...fieldProps}>
      {({ id, describedBy, hasError }) => (
        <Input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          hasError={hasError}
          {...input}
        />
      )}
    </Field>
  );
}

export type FieldTextAreaProps = Common & Omit<TextAreaProps, 'value' | 'onChange'>;

export function FieldTextArea({
  label,
  value,
  onChange,
  rule,
  helperText,
  required,
  fieldProps,
  ...area
}: FieldTextAreaProps) {
  const error = useRule(rule?.(value));
  return (
    <Field label={label} helperText={helperText} error={error} required={required} {...fieldProps}>
      {({ id, describedBy, hasError }) => (
        <TextArea
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          hasError={hasError}
          {...area}
        />
      )}
    </Field>
  );
}
