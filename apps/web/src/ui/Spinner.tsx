import { Center, Loader } from '@mantine/core';

interface SpinnerProps {
  /** The spinner shows only while this is true (spec 2.2). */
  loading: boolean;
  label?: string;
}

export function Spinner({ loading, label = 'Loading...' }: SpinnerProps) {
  if (!loading) return null;
  return (
    <Center py="xl" role="status" aria-live="polite" aria-label={label}>
      <Loader />
    </Center>
  );
}
