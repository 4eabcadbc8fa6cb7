import { TextInput, type TextInputProps } from '@mantine/core';

interface DecimalInputProps extends Omit<TextInputProps, 'type' | 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

/**
 * An amount or price field (spec 5: step 0.00000001, min 0). The typed text stays text: it is read
 * exactly with bigint helpers, never through a float.
 */
export function DecimalInput({ value, onChange, ...props }: DecimalInputProps) {
  return (
    <TextInput
      type="number"
      inputMode="decimal"
      step="0.00000001"
      min={0}
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      // A wheel over a focused number field would change the amount without the member noticing.
      onWheel={(e) => e.currentTarget.blur()}
      {...props}
    />
  );
}
