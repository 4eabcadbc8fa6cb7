import { NativeSelect } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n/i18n';
import { countryOptions } from './countries';
import { IDENTITY_LIMITS_NS } from './i18n';

/**
 * Registration's optional country of residence (decision 0073): a native select (light on the first screen, and a
 * phone's own picker), loaded after the form; '' sends none. An unserved country is refused by the server.
 * The country names come from the browser's own Intl data, which differs from the build's (Node's ICU says "Hong
 * Kong SAR China" where a browser may say "Hong Kong"): the page drawn at build time has the placeholder alone, and
 * the names are filled in once the app has taken the page over, so taking it over never draws it again.
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
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  return (
    <NativeSelect
      label={t('register.country')}
      description={t('register.countryHint')}
      data={[{ value: '', label: t('register.countryPlaceholder') }, ...(inBrowser ? countryOptions() : [])]}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      data-testid="register-country"
    />
  );
}
