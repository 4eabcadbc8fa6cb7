import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { addressExplorerUrl, chainName, txExplorerUrl } from '@sgx/chain';
import type { ChainStatus, DepositRecord } from '@sgx/contracts';
import { IconExternalLink } from '@tabler/icons-react';
import { CopyText, shortText } from '../../../ui/CopyText';

const statusBadge: Record<ChainStatus, { label: string; color: string }> = {
  waiting: { label: 'waiting for network', color: 'gray' },
  confirming: { label: 'confirming', color: 'blue' },
  credited: { label: 'verified on chain', color: 'teal' },
  refused: { label: 'refused by check', color: 'red' },
  manual: { label: 'admin checks', color: 'indigo' },
};

/** The network a deposit was sent on: the EVM chain's name, or Tron. */
export function depositNetwork(d: DepositRecord): string {
  if (d.currency === 'TRC20') return 'Tron (TRC20)';
  return chainName(d.chain_id ?? 56);
}

/** Where the server's check of an EVM deposit stands: a badge, n of N confirmations, the refusal reason. */
export function ChainCheck({ deposit: d }: { deposit: DepositRecord }) {
  if (d.chain_status === null) {
    return (
      <Text span size="sm" c="dimmed">
        {d.currency === 'TRC20' ? 'checked by our team' : '-'}
      </Text>
    );
  }
  const badge = statusBadge[d.chain_status];
  const showCount =
    d.required_confirmations !== null && (d.chain_status === 'confirming' || d.chain_status === 'waiting');
  return (
    <Stack gap={2} data-testid={`chain-check-${d.id}`}>
      <Group gap={4} wrap="wrap">
        <Badge color={badge.color} variant="light" size="sm" style={{ minWidth: 'max-content' }}>
          {badge.label}
        </Badge>
        {d.source === 'scan' && (
          <Badge color="gray" variant="outline" size="sm" title="Found on chain by the server's scan">
            found by scan
          </Badge>
        )}
      </Group>
      {showCount && (
        <Text size="xs" c="dimmed">
          {Math.min(d.confirmations ?? 0, d.required_confirmations ?? 0)} of {d.required_confirmations}{' '}
          confirmations
        </Text>
      )}
      {d.chain_reason !== null && d.chain_reason !== '' && (
        <Text size="xs" c={d.chain_status === 'refused' ? 'red' : 'dimmed'} style={{ maxWidth: 320 }}>
          {d.chain_reason}
        </Text>
      )}
    </Stack>
  );
}

/** The transaction hash, copyable, with a link to the chain's explorer. */
export function DepositHash({ deposit: d }: { deposit: DepositRecord }) {
  const url = d.currency === 'BEP20' ? txExplorerUrl(d.chain_id ?? 56, d.hash) : undefined;
  return (
    <Group gap={4} wrap="nowrap">
      <CopyText value={d.hash} label={`hash of deposit ${d.id}`} short />
      {url !== undefined && (
        <Anchor
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Open deposit ${d.id} in the explorer`}
          title="Open in the explorer"
        >
          <IconExternalLink size={14} />
        </Anchor>
      )}
    </Group>
  );
}

/** The sending address, short, linked to the explorer. */
export function FromAddress({ deposit: d }: { deposit: DepositRecord }) {
  if (d.from_address === null) return <span>-</span>;
  const url = d.currency === 'BEP20' ? addressExplorerUrl(d.chain_id ?? 56, d.from_address) : undefined;
  const text = shortText(d.from_address, 6, 4);
  return url === undefined ? (
    <Text span size="sm" ff="monospace" title={d.from_address}>
      {text}
    </Text>
  ) : (
    <Anchor
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      ff="monospace"
      title={d.from_address}
    >
      {text}
    </Anchor>
  );
}

/** A member may cancel a pending deposit, but not while its transfer is being checked on chain. */
export function canCancel(d: DepositRecord): boolean {
  return d.status === 'pending' && d.chain_status !== 'waiting' && d.chain_status !== 'confirming';
}
