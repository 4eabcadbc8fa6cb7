import { SimpleGrid, Skeleton } from '@mantine/core';

/** The plans' places while they load (kept apart so the landing page shows it before the plans' code). */
export function PlansSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} h={360} radius="lg" />
      ))}
    </SimpleGrid>
  );
}
