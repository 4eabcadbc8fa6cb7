import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { type StatementWalletName, statementWallets } from '@sgx/contracts/statement-period';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../app/apiError';
import { useT } from '../../../i18n/i18n';
import { downloadStatement } from '../api/statementsApi';
import { STATEMENTS_NS } from '../i18n';
import type { Period, PeriodMode } from './usePeriod';

/** The wallet select and the period: a month, or (`custom`) a range of days. */
export function StatementControls({ period, custom = true }: { period: Period; custom?: boolean }) {
  const { t } = useT(STATEMENTS_NS);
  const p = period;
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('controls.wallet')}
          data={statementWallets.map((w) => ({ value: w, label: t(`wallets.${w}`) }))}
          value={p.wallet}
          onChange={(v) => v && p.setWallet(v as StatementWalletName)}
          allowDeselect={false}
          w={200}
          data-testid="statement-wallet"
        />
        {custom && (
          <SegmentedControl
            aria-label={t('controls.period')}
            value={p.mode}
            onChange={(v) => p.setMode(v as PeriodMode)}
            data={[
              { value: 'month', label: t('controls.month') },
              { value: 'custom', label: t('controls.custom') },
            ]}
          />
        )}
        {p.mode === 'month' ? (
          <TextInput
            label={t('controls.month')}
            type="month"
            value={p.month}
            onChange={(e) => p.setMonth(e.currentTarget.value)}
            w={170}
            data-testid="statement-month"
          />
        ) : (
          <>
            <TextInput
              label={t('controls.from')}
              type="date"
              value={p.from}
              onChange={(e) => p.setFrom(e.currentTarget.value)}
              w={160}
              data-testid="statement-from"
            />
            <TextInput
              label={t('controls.to')}
              type="date"
              value={p.to}
              onChange={(e) => p.setTo(e.currentTarget.value)}
              w={160}
              data-testid="statement-to"
            />
          </>
        )}
      </Group>
      {p.issue !== null && (
        <Text c="red" size="sm" role="alert">
          {t(`problems.${p.issue}`)}
        </Text>
      )}
      <Text c="dimmed" size="xs">
        {t('controls.utcNote')}
      </Text>
    </Stack>
  );
}

/** The PDF and CSV download buttons of the statement asked for (a member's by id for staff). */
export function StatementDownloads({ period, memberId }: { period: Period; memberId?: number }) {
  const { t } = useT(STATEMENTS_NS);
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const ask = period.ask;
  const download = (kind: 'pdf' | 'csv') => {
    if (ask === null) return;
    setBusy(kind);
    downloadStatement(ask, kind, memberId)
      .catch((error: unknown) => toast.error(errorMessage(error)))
      .finally(() => setBusy(null));
  };
  return (
    <Group gap="sm">
      {(['pdf', 'csv'] as const).map((kind) => (
        <Button
          key={kind}
          variant="default"
          size="sm"
          leftSection={<IconDownload size={16} />}
          disabled={ask === null || (busy !== null && busy !== kind)}
          loading={busy === kind}
          onClick={() => download(kind)}
          data-testid={`statement-${kind}`}
        >
          {t(`download.${kind}`)}
        </Button>
      ))}
    </Group>
  );
}
