import { TextInput, type TextInputProps } from '@mantine/core';
import { useT } from '../../../i18n/i18n';
import { AUTH_NS } from '../i18n';

export { codeProblem } from '../twoFactorText';

interface OneTimeCodeInputProps extends Omit<TextInputProps, 'onChange' | 'value'> {
  value: string;
  onChange: (value: string) => void;
  /** A recovery code (xxxx-xxxx) instead of the app's 6 digits. */
  recovery?: boolean;
}

/**
 * The 6-digit code from the authenticator app (the browser and phone keyboards offer a received code:
 * autocomplete one-time-code, digits only), or a recovery code.
 */
export function OneTimeCodeInput({ value, onChange, recovery = false, ...props }: OneTimeCodeInputProps) {
  const { t } = useT(AUTH_NS);
  return (
    <TextInput
      label={recovery ? t('code.recovery') : t('code.app')}
      description={recovery ? t('code.recoveryHint') : t('code.appHint')}
      autoComplete={recovery ? 'off' : 'one-time-code'}
      inputMode={recovery ? 'text' : 'numeric'}
      spellCheck={false}
      maxLength={recovery ? 9 : 6}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      value={value}
      onChange={(e) => {
        const typed = e.currentTarget.value;
        onChange(recovery ? typed.trim() : typed.replace(/\D/g, ''));
      }}
      {...props}
    />
  );
}
