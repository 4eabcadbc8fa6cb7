import { Select, Stack, Text, Textarea } from '@mantine/core';
import type { TransactionRecord } from '@sgx/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
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
import { sourceLabel, TRANSACTIONS_NS, walletLabel } from './explain';
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
  const { t } = useT(TRANSACTIONS_NS);
  const [reason, setReason] = useState('');
  const row = action.payload?.row;
  const short = reason.trim().length < 3;
  return (
    <ActionDialog
      action={action}
      title={t('admin.reverseTitle')}
      confirmLabel={t('admin.reverseConfirm')}
      color="orange"
      confirmDisabled={short}
      onConfirm={() => {
        if (action.payload !== null && !short) action.confirm({ ...action.payload, reason: reason.trim() });
      }}
    >
      {row !== undefined && (
        <Stack gap="sm">
          <Text size="sm">
            {t('admin.reverseQuestion', {
              id: row.transaction_id,
              source: sourceLabel(row.source),
              type: row.transaction_type,
              amount: formatMoney(row.amount),
              owner: row.username ?? t('admin.thePlatform'),
              wallet: walletLabel(row.wallet),
            })}
          </Text>
          {row.user_id !== null && isMemberWallet(row.wallet) && (
            <WalletChange
              userId={row.user_id}
              wallet={row.wallet}
              amount={row.transaction_type === 'credit' ? `-${row.amount}` : row.amount}
            />
          )}
          <Textarea
            label={t('admin.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={500}
            error={reason !== '' && short ? t('admin.reasonShort') : null}
            data-autofocus
          />
        </Stack>
      )}
    </ActionDialog>
  );
}

/** Admin: every ledger movement on member wallets, filtered, exported, and reversed with a reason. */
export function AdminTransactions() {
  const { t } = useT(TRANSACTIONS_NS);
  const list = useListState({ source: '', transaction_type: '', status: '' }, 20);
  const qs = listQuery(list.params);
  const rows = useAllTransactions(qs);
  const invalidate = useInvalidateMoney();
  const reverse = useConfirmedAction({
    run: (r: Reversal, key) =>
      reverseTransaction(r.row.transaction_id, { status: 'reversed', reason: r.reason }, key),
    onSuccess: (res) => {
      toast.success(t('admin.done', { message: serverText(res.message), id: res.transaction_id }));
      invalidate();
    },
  });

  return (
    <SectionCard title={t('admin.title')} description={t('admin.description')}>
      <ListToolbar
        search={list.search}
        onSearch={list.setSearch}
        searchLabel={t('admin.search')}
        searchPlaceholder={t('admin.searchPlaceholder')}
        fetching={rows.isFetching && !rows.isPending}
        actions={<CsvButton path="/tr/all" query={qs} name="transactions" />}
      >
        <Select
          aria-label={t('admin.sourceFilter')}
          data={sourceOptions.map((o) => (o.value === 'all' ? { ...o, value: '' } : o))}
          value={list.filters.source}
          onChange={(v) => list.setFilter('source', v ?? '')}
          allowDeselect={false}
          searchable
          w={{ base: '100%', xs: 190 }}
        />
        <Select
          aria-label={t('admin.typeFilter')}
          data={typeOptions}
          value={list.filters.transaction_type}
          onChange={(v) => list.setFilter('transaction_type', v ?? '')}
          allowDeselect={false}
          w={{ base: '100%', xs: 170 }}
        />
        <Select
          aria-label={t('admin.statusFilter')}
          data={statusOptions}
          value={list.filters.status}
          onChange={(v) => list.setFilter('status', v ?? '')}
          allowDeselect={false}
          w={{ base: '100%', xs: 150 }}
        />
      </ListToolbar>
      {rows.isError && (
        <LoadError
          title={t('page.loadError')}
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
            emptyText={t('admin.empty')}
          />
          <ListPager
            page={list.page}
            totalPages={rows.data.totalPages}
            total={rows.data.total}
            onPage={list.setPage}
            noun={[t('admin.rowOne'), t('admin.rowOther')]}
            label={t('page.pages')}
          />
        </Stack>
      )}
      <ReverseDialog key={reverse.payload?.row.transaction_id ?? 0} action={reverse} />
    </SectionCard>
  );
}
