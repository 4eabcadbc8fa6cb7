import { Center, Loader } from '@mantine/core';
import { tr } from '../i18n/i18n';

interface SpinnerProps {
  /** The spinner shows only while this is true (spec 2.2). */
  loading: boolean;
  label?: string;
}

/** A loading spinner; its name read with `tr`, so a fallback of Suspense never waits for texts itself. */
export function Spinner({ loading, label }: SpinnerProps) {
  if (!loading) return null;
  return (
    <Center py="xl" role="status" aria-live="polite" aria-label={label ?? tr('app.loading')}>
      <Loader />
    </Center>
  );
}
