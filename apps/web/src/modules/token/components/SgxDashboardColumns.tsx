import { Anchor, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import type { Column } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/format';
import { MemberName, memberLabel } from '../../../ui/MemberName';
import { formatMoney, Money } from '../../../ui/Money';
import { profilePath } from '../../users/profilePath';
import type { PriceHistoryEntry, TokenTransaction } from '../api/tokenApi';
import { formatPriceUnits, unitsOf } from '../tokenMath';
import { Price, TransactionStatusBadge, TransactionTypeBadge } from './TokenDisplay';

/** The columns and search texts of the SGX transactions dashboard's tables (trades, price history). */

function priceText(value: string | null): string {
  const u = unitsOf(value);
  return u === null ? '' : formatPriceUnits(u);
}

/** Raw and displayed values of a transaction, for the free-text search. */
export function transactionText(t: TokenTransaction): string {
  return [
    `#${t.id}`,
    `user #${t.user_id}`,
    t.username,
    t.fullname,
    t.transaction_type,
    t.token_amount,
    formatMoney(t.token_amount, 'token'),
    t.price_per_token,
    priceText(t.price_per_token),
    t.total_amount,
    formatMoney(t.total_amount),
    t.status,
    t.created_at,
    formatDateTime(t.created_at),
    t.transaction_hash,
  ].join(' ');
}

export function historyText(p: PriceHistoryEntry): string {
  return [
    p.price,
    priceText(p.price),
    p.available_tokens ?? 'N/A',
    p.available_tokens === null ? '' : formatMoney(p.available_tokens, 'token'),
    p.change_reason,
    relatedText(p),
    p.created_at,
    formatDateTime(p.created_at),
  ].join(' ');
}

/** Who moved the price, as text: "Asha Rao · SGX399219 #9" (the number kept for the search). */
function byText(p: PriceHistoryEntry): string {
  if (p.user_id === null) return '';
  const who = p.username === null ? '' : `${memberLabel({ fullname: p.fullname, username: p.username })} `;
  return `${who}#${p.user_id}`;
}

function relatedText(p: PriceHistoryEntry): string {
  if (p.transaction_id === null) return p.user_id === null ? 'N/A' : `N/A by ${byText(p)}`;
  return `transaction #${p.transaction_id} by ${p.user_id === null ? '-' : byText(p)}`;
}

/** Who moved the price: by name and username, linking to the member (the number alone if the row has no name). */
function PriceMover({ p }: { p: PriceHistoryEntry }) {
  if (p.user_id === null) return null;
  return p.username === null ? (
    <UserLink id={p.user_id} />
  ) : (
    <MemberName name={p.fullname} username={p.username} id={p.user_id} to={profilePath(p.user_id)} />
  );
}

export function UserLink({ id }: { id: number }) {
  return (
    <Anchor component={Link} to={profilePath(id)} size="sm" ff="monospace">
      #{id}
    </Anchor>
  );
}

export function transactionColumns(options: { user: boolean; hash: boolean }): Column<TokenTransaction>[] {
  const columns: Column<TokenTransaction>[] = [];
  if (options.user) {
    columns.push({
      key: 'user',
      header: 'Member',
      render: (t) => (
        <MemberName name={t.fullname} username={t.username} id={t.user_id} to={profilePath(t.user_id)} />
      ),
    });
  }
  columns.push(
    {
      key: 'type',
      header: 'Type',
      nowrap: true,
      render: (t) => <TransactionTypeBadge type={t.transaction_type} />,
    },
    {
      key: 'tokens',
      header: 'Tokens',
      nowrap: true,
      render: (t) => <Money value={t.token_amount} kind="token" />,
    },
    {
      key: 'price',
      header: 'Price',
      nowrap: true,
      priority: 3,
      render: (t) => <Price value={t.price_per_token} />,
    },
    {
      key: 'total',
      header: 'Total',
      nowrap: true,
      priority: 2,
      render: (t) => <Money value={t.total_amount} />,
    },
    {
      key: 'status',
      header: 'Status',
      nowrap: true,
      priority: 2,
      render: (t) => <TransactionStatusBadge status={t.status} />,
    },
    { key: 'date', header: 'Date', nowrap: true, priority: 3, render: (t) => formatDateTime(t.created_at) },
  );
  if (options.hash) {
    columns.push({
      key: 'hash',
      header: 'Hash',
      nowrap: true,
      priority: 2,
      render: (t) => (
        <Tooltip label={t.transaction_hash}>
          <Text size="sm" ff="monospace" aria-label={t.transaction_hash}>
            {`${t.transaction_hash.slice(0, 10)}…${t.transaction_hash.slice(-6)}`}
          </Text>
        </Tooltip>
      ),
    });
  }
  return columns;
}

export const historyColumns: Column<PriceHistoryEntry>[] = [
  { key: 'price', header: 'Price', nowrap: true, render: (p) => <Price value={p.price} /> },
  {
    key: 'available',
    header: 'Available Tokens',
    nowrap: true,
    priority: 3,
    render: (p) =>
      p.available_tokens === null ? (
        <Text size="sm" c="dimmed">
          N/A
        </Text>
      ) : (
        <Money value={p.available_tokens} kind="token" />
      ),
  },
  { key: 'reason', header: 'Change Reason', priority: 2, render: (p) => p.change_reason },
  {
    key: 'related',
    header: 'Related Transaction',
    priority: 2,
    render: (p) =>
      p.transaction_id === null ? (
        <Text size="sm" c="dimmed">
          N/A
          {p.user_id !== null && (
            <>
              {' '}
              (by <PriceMover p={p} />)
            </>
          )}
        </Text>
      ) : (
        <Text size="sm">
          Transaction #{p.transaction_id}
          {p.user_id !== null && (
            <>
              {' '}
              by <PriceMover p={p} />
            </>
          )}
        </Text>
      ),
  },
  { key: 'date', header: 'Date', nowrap: true, priority: 3, render: (p) => formatDateTime(p.created_at) },
];
