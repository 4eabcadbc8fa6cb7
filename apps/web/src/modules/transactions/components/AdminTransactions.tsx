import { Select, Stack, Text, Textarea } from '@mantine/core';
import type { TransactionRecord } from '@sgx/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ActionDialog } from '../../../ui/ActionDialog';
import { CsvButton } from '../../../ui/CsvButton';
import { ListPager } from '../../../ui/ListPager';
import { ListToolbar } from '../../../ui/ListToolbar';
import { LoadError } from '../../../ui/LoadError';
import { formatMoney } from '../../../ui/Money';
import { SectionCard } from '../../../ui/SectionCard';
import { Spinner } from '../../../ui/Spinner';
import { type ConfirmedAction, useConfirmedAction } from '../../../ui/useConfirmedAction';
import { listQuery, useListState } from '../../../ui/useListState';
import { WalletChange } from '../../users/components/WalletChange';
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import { reverseTransaction, useAllTransactions } from '../api/transactionsApi';
import { sourceLabel, walletLabel } from './explain';
import { sourceOptions, statusOptions, typeOptions } from './sourceOptions';
import { TransactionsTable } from './TransactionsTable';

const memberWallets = ['deposit', 'working', 'non_working', 'compound'] as const;
const isMemberWallet = (w: string | null): w is (typeof memberWallets)[number] =>
  w !== null && (memberWallets as readonly string[]).includes(w);

interface Reversal {
  row: TransactionRecord;
  reason: string;
}

function ReverseDialog({ action }: { action: ConfirmedAction<Reversal> }) {
  const [reason, setReason] = useState('');
  const row = action.payload?.row;
  const short = reason.trim().length < 3;
  return (
    <ActionDialog
      action={action}
      title="Reverse transaction"
      confirmLabel="Reverse"
      color="orange"
      confirmDisabled={short}
      onConfirm={() => {
        if (action.payload !== null && !short) action.confirm({ ...action.payload, reason: reason.trim() });
      }}
    >
      {row !== undefined && (
        <Stack gap="sm">
          <Text size="sm">
            Reverse transaction #{row.transaction_id} ({sourceLabel(row.source)}, {row.transaction_type}{' '}
            {formatMoney(row.amount)} on {row.username ?? 'the platform'}'s {walletLabel(row.wallet)} wallet)?
            A mirror transaction is posted; the original stays in the ledger.
          </Text>
          {row.user_id !== null && isMemberWallet(row.wallet) && (
            <WalletChange
              userId={row.user_id}
              wallet={row.wallet}
              amount={row.transaction_type === 'credit' ? `-${row.amount}` : row.amount}
            />
          )}
          <Textarea
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={500}
            error={reason !== '' && short ? 'At least 3 characters.' : null}
            data-autofocus
          />
        </Stack>
      )}
    </ActionDialog>
  );
}

/** Admin: every ledger movement on member wallets, filtered, exported, and reversed with a reason. */
export function AdminTransactions() {
  const list = useListState({ source: '', transaction_type: '', status: '' }, 20);
  const qs = listQuery(list.params);
  const rows = useAllTransactions(qs);
  const invalidate = useInvalidateMoney();
  const reverse = useConfirmedAction({
    run: (r: Reversal, key) =>
      reverseTransaction(r.row.transaction_id, { status: 'reversed', reason: r.reason }, key),
    onSuccess: (res) => {
      toast.success(`${res.message} (#${res.transaction_id})`);
      invalidate();
    },
  });

  return (
    <SectionCard
      title="All transactions"
      description="One row per movement on a member wallet, newest first."
    >
      <ListToolbar
        search={list.search}
        onSearch={list.setSearch}
        searchLabel="Search transactions"
        searchPlaceholder="Member, memo or number"
        fetching={rows.isFetching && !rows.isPending}
        actions={<CsvButton path="/tr/all" query={qs} name="transactions" />}
      >
        <Select
          aria-label="Source"
          data={sourceOptions.map((o) => (o.value === 'all' ? { ...o, value: '' } : o))}
          value={list.filters.source}
          onChange={(v) => list.setFilter('source', v ?? '')}
          allowDeselect={false}
          searchable
          w={{ base: '100%', xs: 190 }}
        />
        <Select
          aria-label="Credit or debit"
          data={typeOptions}
          value={list.filters.transaction_type}
          onChange={(v) => list.setFilter('transaction_type', v ?? '')}
          allowDeselect={false}
          w={{ base: '100%', xs: 170 }}
        />
        <Select
          aria-label="Status"
          data={statusOptions}
          value={list.filters.status}
          onChange={(v) => list.setFilter('status', v ?? '')}
          allowDeselect={false}
          w={{ base: '100%', xs: 150 }}
        />
      </ListToolbar>
      {rows.isError && (
        <LoadError
          title="Transactions could not be loaded"
          error={rows.error}
          onRetry={() => void rows.refetch()}
          loadedAt={rows.dataUpdatedAt}
        />
      )}
      <Spinner loading={rows.isPending} />
      {rows.data !== undefined && (
        <Stack gap="sm">
          <TransactionsTable
            rows={rows.data.transactions}
            showMember
            onReverse={(row) => reverse.open({ row, reason: '' })}
            emptyText="No transactions match."
          />
          <ListPager
            page={list.page}
            totalPages={rows.data.totalPages}
            total={rows.data.total}
            onPage={list.setPage}
            noun={['row', 'rows']}
            label="Transaction pages"
          />
        </Stack>
      )}
      <ReverseDialog key={reverse.payload?.row.transaction_id ?? 0} action={reverse} />
    </SectionCard>
  );
}
