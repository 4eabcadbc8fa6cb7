import { Alert, Badge, Group, Text } from '@mantine/core';
import type { DepositRecord } from '@sgx/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { tr, useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { shortText } from '../../../ui/CopyText';
import { DEPOSITS_NS } from '../i18n';

/**
 * Who the chain says sent a deposit, for admins (decision 0027): the member the sending wallet is linked to,
 * and other members' reports of the same hash. A deposit is the sender's, never whoever reported it first.
 */
export type OwnershipWarning = { key: 'other_member' | 'unlinked' | 'other_reports'; text: string };

/** "1 other member …" (the text `key`One) or "3 other members …" (the text `key`). */
const counted = (key: string, n: number) =>
  tr(`${DEPOSITS_NS}:ownership.${key}${n === 1 ? 'One' : ''}`, { n });

/** What an admin must know before crediting this deposit by hand; empty when nothing is amiss. */
export function ownershipWarnings(d: DepositRecord): OwnershipWarning[] {
  const out: OwnershipWarning[] = [];
  if (d.sender_is_member === false && d.from_address !== null) {
    const from = shortText(d.from_address, 6, 4);
    out.push(
      d.chain_sender_username !== null
        ? {
            key: 'other_member',
            text: tr(`${DEPOSITS_NS}:ownership.otherMember`, {
              from,
              sender: d.chain_sender_username,
              username: d.username,
            }),
          }
        : {
            key: 'unlinked',
            text: tr(`${DEPOSITS_NS}:ownership.unlinked`, { from, username: d.username }),
          },
    );
  }
  if ((d.other_reports ?? 0) > 0)
    out.push({
      key: 'other_reports',
      text: counted('otherReports', d.other_reports ?? 0),
    });
  return out;
}

/** The sender as the chain shows it, and the warnings, in the admin's decision dialog. */
export function OwnershipNotice({ deposit: d }: { deposit: DepositRecord }) {
  const { t } = useT(DEPOSITS_NS);
  const warnings = ownershipWarnings(d);
  return (
    <>
      {d.from_address !== null && (
        <Text size="sm" data-testid="deposit-chain-sender">
          <RichText
            text={
              d.chain_sender_username === null
                ? t('ownership.sentFromNobody')
                : t(d.sender_is_member ? 'ownership.sentFromSelf' : 'ownership.sentFromMember', {
                    sender: d.chain_sender_username,
                  })
            }
            components={{
              from: <span style={{ fontFamily: 'monospace' }}>{shortText(d.from_address, 6, 4)}</span>,
            }}
          />
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
  const { t } = useT(DEPOSITS_NS);
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
            ? t('ownership.sentBy', { sender: d.chain_sender_username ?? t('ownership.anotherMember') })
            : w.key === 'unlinked'
              ? t('ownership.unlinkedBadge')
              : counted('reportedBadge', d.other_reports ?? 0)}
        </Badge>
      ))}
    </Group>
  );
}
