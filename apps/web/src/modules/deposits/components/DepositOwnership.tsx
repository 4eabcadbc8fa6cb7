import { Alert, Badge, Group, Text } from '@mantine/core';
import type { DepositRecord } from '@sgx/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { shortText } from '../../../ui/CopyText';

/**
 * Who the chain says sent a deposit, for admins (decision 0027): the member the sending wallet is linked to,
 * and other members' reports of the same hash. A deposit is the sender's, never whoever reported it first.
 */
export type OwnershipWarning = { key: 'other_member' | 'unlinked' | 'other_reports'; text: string };

const reports = (n: number) => (n === 1 ? '1 other member' : `${n} other members`);

/** What an admin must know before crediting this deposit by hand; empty when nothing is amiss. */
export function ownershipWarnings(d: DepositRecord): OwnershipWarning[] {
  const out: OwnershipWarning[] = [];
  if (d.sender_is_member === false && d.from_address !== null) {
    const from = shortText(d.from_address, 6, 4);
    out.push(
      d.chain_sender_username !== null
        ? {
            key: 'other_member',
            text: `The chain shows it was sent from ${from}, a wallet linked to another member, ${d.chain_sender_username}. The deposit is theirs: crediting it to ${d.username} pays the wrong member.`,
          }
        : {
            key: 'unlinked',
            text: `The chain shows it was sent from ${from}, which is not a wallet linked to ${d.username}. Credit it only once you know they sent it.`,
          },
    );
  }
  if ((d.other_reports ?? 0) > 0)
    out.push({
      key: 'other_reports',
      text: `${reports(d.other_reports ?? 0)} also reported this transaction hash. It can be credited once, to one of them.`,
    });
  return out;
}

/** The sender as the chain shows it, and the warnings, in the admin's decision dialog. */
export function OwnershipNotice({ deposit: d }: { deposit: DepositRecord }) {
  const warnings = ownershipWarnings(d);
  return (
    <>
      {d.from_address !== null && (
        <Text size="sm" data-testid="deposit-chain-sender">
          Sent from <span style={{ fontFamily: 'monospace' }}>{shortText(d.from_address, 6, 4)}</span>
          {d.chain_sender_username !== null
            ? `, a wallet of ${d.chain_sender_username}${d.sender_is_member ? ' (this member)' : ''}.`
            : ', a wallet linked to no member.'}
        </Text>
      )}
      {warnings.map((w) => (
        <Alert
          key={w.key}
          color={w.key === 'other_member' ? 'red' : 'orange'}
          icon={<IconAlertTriangle size={18} />}
          data-testid={`deposit-warning-${w.key}`}
        >
          {w.text}
        </Alert>
      ))}
    </>
  );
}

/** Short badges for the deposits table. */
export function OwnershipBadges({ deposit: d }: { deposit: DepositRecord }) {
  const warnings = ownershipWarnings(d);
  if (warnings.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap">
      {warnings.map((w) => (
        <Badge
          key={w.key}
          size="sm"
          variant="light"
          color={w.key === 'other_member' ? 'red' : 'orange'}
          title={w.text}
          data-testid={`deposit-${d.id}-${w.key}`}
        >
          {w.key === 'other_member'
            ? `sent by ${d.chain_sender_username ?? 'another member'}`
            : w.key === 'unlinked'
              ? 'unlinked sender'
              : `${reports(d.other_reports ?? 0)} reported it`}
        </Badge>
      ))}
    </Group>
  );
}
