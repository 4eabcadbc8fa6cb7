import { NativeSelect } from '@mantine/core';
import { useT } from '../../i18n/i18n';
import { countryOptions } from './countries';
import { IDENTITY_LIMITS_NS } from './i18n';

/**
 * Registration's optional country of residence (decision 0073): a native select (light on the first screen, and a
 * phone's own picker), loaded after the form; '' sends none. An unserved country is refused by the server.
 */
export default function RegisterCountrySelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (country: string) => void;
  error?: string | undefined;
}) {
  const { t } = useT(IDENTITY_LIMITS_NS);
  return (
    <NativeSelect
      label={t('register.country')}
      description={t('register.countryHint')}
      data={[{ value: '', label: t('register.countryPlaceholder') }, ...countryOptions()]}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      data-testid="register-country"
    />
  );
}
