import { Anchor, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import type { Column } from '../../../ui/DataTable';
import { formatDateTime } from '../../../ui/format';
import { MemberName, memberLabel } from '../../../ui/MemberName';
import { formatMoney, Money } from '../../../ui/Money';
import { profilePath } from '../../users/profilePath';
import type { PriceHistoryEntry, TokenTransaction } from '../api/tokenApi';
import { TOKEN_NS, tokenText } from '../i18n';
import { formatPriceUnits, unitsOf } from '../tokenMath';
import { Price, statusLabel, TransactionStatusBadge, TransactionTypeBadge, typeLabel } from './TokenDisplay';

/**
 * The columns and search texts of the SGX transactions dashboard's tables (trades, price history), in the
 * member's language: built when a table is drawn, never at import.
 */

function priceText(value: string | null): string {
  const u = unitsOf(value);
  return u === null ? '' : formatPriceUnits(u);
}

/** Raw and displayed values of a transaction, for the free-text search. */
export function transactionText(t: TokenTransaction): string {
  return [
    `#${t.id}`,
    tokenText('columns.userText', { id: t.user_id }),
    t.username,
    t.fullname,
    t.transaction_type,
    typeLabel(t.transaction_type),
    t.token_amount,
    formatMoney(t.token_amount, 'token'),
    t.price_per_token,
    priceText(t.price_per_token),
    t.total_amount,
    formatMoney(t.total_amount),
    t.status,
    statusLabel(t.status),
    t.created_at,
    formatDateTime(t.created_at),
    t.transaction_hash,
  ].join(' ');
}

export function historyText(p: PriceHistoryEntry): string {
  return [
    p.price,
    priceText(p.price),
    p.available_tokens ?? tokenText('columns.na'),
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
  if (p.transaction_id === null) {
    return p.user_id === null ? tokenText('columns.na') : tokenText('columns.naByText', { who: byText(p) });
  }
  return tokenText('columns.transactionByText', {
    id: p.transaction_id,
    who: p.user_id === null ? '-' : byText(p),
  });
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
      header: tokenText('columns.member'),
      render: (t) => (
        <MemberName name={t.fullname} username={t.username} id={t.user_id} to={profilePath(t.user_id)} />
      ),
    });
  }
  columns.push(
    {
      key: 'type',
      header: tokenText('columns.type'),
      nowrap: true,
      render: (t) => <TransactionTypeBadge type={t.transaction_type} />,
    },
    {
      key: 'tokens',
      header: tokenText('columns.tokens'),
      nowrap: true,
      render: (t) => <Money value={t.token_amount} kind="token" />,
    },
    {
      key: 'price',
      header: tokenText('columns.price'),
      nowrap: true,
      priority: 3,
      render: (t) => <Price value={t.price_per_token} />,
    },
    {
      key: 'total',
      header: tokenText('columns.total'),
      nowrap: true,
      priority: 2,
      render: (t) => <Money value={t.total_amount} />,
    },
    {
      key: 'status',
      header: tokenText('columns.status'),
      nowrap: true,
      priority: 2,
      render: (t) => <TransactionStatusBadge status={t.status} />,
    },
    {
      key: 'date',
      header: tokenText('columns.date'),
      nowrap: true,
      priority: 3,
      render: (t) => formatDateTime(t.created_at),
    },
  );
  if (options.hash) {
    columns.push({
      key: 'hash',
      header: tokenText('columns.hash'),
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

export const historyColumns = (): Column<PriceHistoryEntry>[] => [
  {
    key: 'price',
    header: tokenText('columns.price'),
    nowrap: true,
    render: (p) => <Price value={p.price} />,
  },
  {
    key: 'available',
    header: tokenText('columns.available'),
    nowrap: true,
    priority: 3,
    render: (p) =>
      p.available_tokens === null ? (
        <Text size="sm" c="dimmed">
          {tokenText('columns.na')}
        </Text>
      ) : (
        <Money value={p.available_tokens} kind="token" />
      ),
  },
  { key: 'reason', header: tokenText('columns.reason'), priority: 2, render: (p) => p.change_reason },
  {
    key: 'related',
    header: tokenText('columns.related'),
    priority: 2,
    render: (p) => <RelatedTransaction p={p} />,
  },
  {
    key: 'date',
    header: tokenText('columns.date'),
    nowrap: true,
    priority: 3,
    render: (p) => formatDateTime(p.created_at),
  },
];

/** The trade behind a price change ("Transaction #12 by …"), or N/A with who set it by hand. */
function RelatedTransaction({ p }: { p: PriceHistoryEntry }) {
  const { t } = useT(TOKEN_NS);
  const who = p.user_id === null ? null : <PriceMover p={p} />;
  if (p.transaction_id === null) {
    return (
      <Text size="sm" c="dimmed">
        {who === null ? t('columns.na') : <RichText text={t('columns.naBy')} components={{ who }} />}
      </Text>
    );
  }
  const vars = { id: p.transaction_id };
  return (
    <Text size="sm">
      {who === null ? (
        t('columns.transaction', vars)
      ) : (
        <RichText text={t('columns.transactionBy', vars)} components={{ who }} />
      )}
    </Text>
  );
}
