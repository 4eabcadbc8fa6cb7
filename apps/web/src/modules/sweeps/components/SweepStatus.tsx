import { Anchor, Badge, Group, Text } from '@mantine/core';
import { txExplorerUrl } from '@sgx/chain';
import { IconExternalLink } from '@tabler/icons-react';
import { shortText } from '../../../ui/CopyText';
import { sweepStatusLook } from '../sweepPlan';

/** A sweep's status: not sent, confirming, confirmed, failed. */
export function SweepStatusBadge({ status }: { status: string }) {
  const look = sweepStatusLook(status);
  return (
    <Badge color={look.color} variant="light" size="sm" style={{ minWidth: 'max-content' }}>
      {look.label}
    </Badge>
  );
}

/** The sweep's transaction with a link to the explorer (the server's, else the chain's own). */
export function SweepTxLink({
  chainId,
  hash,
  explorerUrl,
}: {
  chainId: number;
  hash: string | null;
  explorerUrl: string | null;
}) {
  if (hash === null) return <Text size="sm">-</Text>;
  const href = explorerUrl ?? txExplorerUrl(chainId, hash);
  if (href === undefined) {
    return (
      <Text size="sm" ff="monospace" title={hash}>
        {shortText(hash)}
      </Text>
    );
  }
  return (
    <Anchor href={href} target="_blank" rel="noreferrer" size="sm" ff="monospace" title={hash}>
      <Group gap={4} wrap="nowrap" component="span">
        {shortText(hash)}
        <IconExternalLink size={12} />
      </Group>
    </Anchor>
  );
}
