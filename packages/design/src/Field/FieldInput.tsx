import type { ChangeEvent, ReactNode } from 'react';
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

type ControlProps = {
  id: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement & HTMLTextAreaElement>) => void;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
  hasError: boolean;
};

/** Checks the rule, lays out label and messages, and hands the control the props that wire it up. */
function RuledField({
  label,
  value,
  onChange,
  rule,
  helperText,
  required,
  fieldProps,
  control,
}: Common & { control: (props: ControlProps) => ReactNode }) {
  const error = useRule(rule?.(value));
  return (
    <Field label={label} helperText={helperText} error={error} required={required} {...fieldProps}>
      {({ id, describedBy, hasError }) =>
        control({
          id,
          value,
          onChange: (e) => onChange(e.target.value),
          'aria-describedby': describedBy,
          'aria-required': required || undefined,
          hasError,
        })
      }
    </Field>
  );
}

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
  const common = { label, value, onChange, rule, helperText, required, fieldProps };
  return <RuledField {...common} control={(wired) => <Input {...wired} {...input} />} />;
}

export type FieldTextAreaProps = Common & Omit<TextAreaProps, 'value' | 'onChange'>;

/** A labelled TextArea whose rule is checked by the surrounding Validation. */
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
  const common = { label, value, onChange, rule, helperText, required, fieldProps };
  return <RuledField {...common} control={(wired) => <TextArea {...wired} {...area} />} />;
}
