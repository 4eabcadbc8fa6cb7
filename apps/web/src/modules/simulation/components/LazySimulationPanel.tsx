import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { SimulationPanelProps } from './SimulationPanel';

// The panel (its tables and figures) loads with the first simulation shown, never with a page's first screen.
const Panel = lazy(() => import('./SimulationPanel'));

/** The SimulationPanel, loaded on demand. */
export function LazySimulationPanel(props: SimulationPanelProps) {
  return (
    <Suspense fallback={<Skeleton height={96} radius="md" />}>
      <Panel {...props} />
    </Suspense>
  );
}
