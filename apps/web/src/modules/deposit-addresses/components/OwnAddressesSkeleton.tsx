import { SimpleGrid, Skeleton } from '@mantine/core';

/**
 * The place of the member's address cards while they load, the size of the cards (two side by side on a laptop,
 * stacked on a phone), so nothing moves when they come (decision 0055: a short skeleton shifted the page by 0.41).
 * Its own small file: the deposit page draws it before the cards' code has loaded.
 */
export function OwnAddressesSkeleton({ label }: { label?: string | undefined }) {
  return (
    <SimpleGrid
      cols={{ base: 1, md: 2 }}
      spacing="md"
      role="status"
      aria-label={label}
      data-testid="own-addresses-skeleton"
    >
      <Skeleton h={CARD_HEIGHT} radius="lg" />
      <Skeleton h={CARD_HEIGHT} radius="lg" />
    </SimpleGrid>
  );
}

/** About the drawn height of an address card (OwnAddressCard) at both sizes. */
const CARD_HEIGHT = 420;
