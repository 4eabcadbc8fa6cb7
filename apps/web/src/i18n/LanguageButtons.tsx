import { type MantineSize, SegmentedControl } from '@mantine/core';
import { LanguageChoiceFrame, languageOptions, useLanguageChoice } from './LanguageSwitch';

/** English / Español / हिन्दी as three buttons (the profile's preferences). */
export function LanguageButtons({ size = 'sm' }: { size?: MantineSize }) {
  const { choose, busy, error, label, current } = useLanguageChoice();
  return (
    <LanguageChoiceFrame error={error}>
      <SegmentedControl
        aria-label={label}
        size={size}
        data={languageOptions.map((o) => ({ ...o, label: <span lang={o.value}>{o.label}</span> }))}
        value={current}
        disabled={busy}
        onChange={(v) => void choose(v)}
      />
    </LanguageChoiceFrame>
  );
}
