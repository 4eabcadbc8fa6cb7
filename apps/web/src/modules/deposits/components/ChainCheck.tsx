import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { addressExplorerUrl, txExplorerUrl } from '@sgx/chain';
import type { ChainStatus, DepositRecord } from '@sgx/contracts';
import { IconExternalLink } from '@tabler/icons-react';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { CopyText, shortText } from '../../../ui/CopyText';
import { chainProgressText, depositSourceText } from '../depositText';
import { DEPOSITS_NS } from '../i18n';

/** The badge colour of each state; its words are chain.<state> in the deposits texts. */
const statusColor: Record<ChainStatus, string> = {
  waiting: 'gray',
  confirming: 'blue',
  credited: 'teal',
  refused: 'red',
  manual: 'indigo',
  below_minimum: 'orange',
  sanctions_held: 'orange',
};

/**
 * Where the server's check of a chain deposit stands: a badge, its progress ("Confirming 3/15") or n of N
 * confirmations while it waits, "Below the minimum: not credited", whether it reached the member's own
 * address, and the refusal reason. `admin`: the viewer is an admin (the address is the member's, not theirs).
 */
export function ChainCheck({ deposit: d, admin = false }: { deposit: DepositRecord; admin?: boolean }) {
  const { t } = useT(DEPOSITS_NS);
  const source = depositSourceText(d, admin);
  if (d.chain_status === null) {
    return (
      <Text span size="sm" c="dimmed">
        {d.currency === 'TRC20' ? t('chain.byTeam') : '-'}
        {source !== null && ` · ${source}`}
      </Text>
    );
  }
  const progress = chainProgressText(d);
  const showCount = progress === null && d.required_confirmations !== null && d.chain_status === 'waiting';
  return (
    <Stack gap={2} data-testid={`chain-check-${d.id}`}>
      <Group gap={4} wrap="wrap">
        <Badge
          color={statusColor[d.chain_status]}
          variant="light"
          size="sm"
          style={{ minWidth: 'max-content' }}
        >
          {t(`chain.${d.chain_status}`)}
        </Badge>
        {d.source === 'scan' && (
          <Badge color="gray" variant="outline" size="sm" title={t('chain.foundByScanTitle')}>
            {t('chain.foundByScan')}
          </Badge>
        )}
        {source !== null && (
          <Badge
            color="grape"
            variant="outline"
            size="sm"
            title={d.to_address ?? undefined}
            style={{ minWidth: 'max-content' }}
            data-testid={`deposit-${d.id}-to-own-address`}
          >
            {source}
          </Badge>
        )}
      </Group>
      {progress !== null && (
        <Text
          size="xs"
          fw={d.chain_status === 'below_minimum' ? 600 : undefined}
          c={d.chain_status === 'below_minimum' ? 'orange.9' : 'dimmed'}
          data-testid={`deposit-${d.id}-progress`}
        >
          {progress}
        </Text>
      )}
      {showCount && (
        <Text size="xs" c="dimmed">
          {t('chain.confirmations', {
            have: Math.min(d.confirmations ?? 0, d.required_confirmations ?? 0),
            need: d.required_confirmations ?? 0,
          })}
        </Text>
      )}
      {d.chain_reason !== null && d.chain_reason !== '' && (
        <Text size="xs" c={d.chain_status === 'refused' ? 'red' : 'dimmed'} style={{ maxWidth: 320 }}>
          {serverText(d.chain_reason)}
        </Text>
      )}
    </Stack>
  );
}

/** The transaction hash, copyable, with a link to the chain's explorer (the server's, when it gives one). */
export function DepositHash({ deposit: d }: { deposit: DepositRecord }) {
  const { t } = useT(DEPOSITS_NS);
  const url =
    d.explorer_url ??
    (d.chain_id !== null
      ? txExplorerUrl(d.chain_id, d.hash)
      : d.currency === 'BEP20'
        ? txExplorerUrl(56, d.hash)
        : undefined);
  return (
    <Group gap={4} wrap="nowrap">
      <CopyText value={d.hash} label={t('chain.hashLabel', { id: d.id })} short />
      {url !== undefined && (
        <Anchor
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('chain.openExplorer', { id: d.id })}
          title={t('chain.openExplorerTitle')}
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
  const url =
    d.chain_id !== null
      ? addressExplorerUrl(d.chain_id, d.from_address)
      : d.currency === 'BEP20'
        ? addressExplorerUrl(56, d.from_address)
        : undefined;
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

/**
 * A member may cancel a pending deposit they reported, but not while its transfer is being checked on chain;
 * a transfer to their own address was never reported, so there is nothing of theirs to cancel.
 */
export function canCancel(d: DepositRecord): boolean {
  return (
    d.status === 'pending' &&
    d.source !== 'address' &&
    d.chain_status !== 'waiting' &&
    d.chain_status !== 'confirming'
  );
}
