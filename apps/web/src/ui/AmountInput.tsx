import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * An amount typed as decimal text (never a float): a text input with the decimal keypad on phones and a $
 * in front. Check it with `amountError` and send it with `amountText`.
 */
export function AmountInput({ unit = '$', ...props }: TextInputProps & { unit?: string }) {
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.00"
      leftSection={unit}
      leftSectionWidth={unit.length > 1 ? 48 : 32}
      {...props}
    />
  );
}
