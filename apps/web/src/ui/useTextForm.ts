import { type ChangeEvent, type ReactNode, useRef, useState } from 'react';

type Field<Values> = keyof Values & string;

/** The part of a form `contractSubmit` works with (Mantine's `useForm` has it too). */
export interface CheckedForm<Values> {
  getValues(): Values;
  setErrors(errors: Record<string, ReactNode>): void;
}

export interface TextForm<Values extends Record<string, string>> extends CheckedForm<Values> {
  key(field: Field<Values>): string;
  getInputProps(field: Field<Values>): {
    defaultValue: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    error: ReactNode;
  };
}

/**
 * A form of text fields with the subset of Mantine's `useForm` (uncontrolled mode) the sign-in and
 * registration forms use: `key`, `getInputProps`, `getValues`, `setErrors`, a field's error cleared as it
 * changes. @mantine/form is 6 kB of the first screen's budget for two fields (decision 0046); the forms behind
 * the sign-in keep using it.
 */
export function useTextForm<Values extends Record<string, string>>(initialValues: Values): TextForm<Values> {
  const values = useRef<Values>({ ...initialValues });
  const [errors, setErrors] = useState<Record<string, ReactNode>>({});
  return {
    key: (field) => field,
    getInputProps: (field) => ({
      defaultValue: initialValues[field] ?? '',
      onChange: (event) => {
        values.current = { ...values.current, [field]: event.currentTarget.value };
        setErrors((current) => {
          if (current[field] === undefined) return current;
          const { [field]: _cleared, ...rest } = current;
          return rest;
        });
      },
      error: errors[field],
    }),
    getValues: () => ({ ...values.current }),
    setErrors,
  };
}
