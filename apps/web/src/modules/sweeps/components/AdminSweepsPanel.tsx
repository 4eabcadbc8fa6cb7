import { Select, Skeleton, Stack } from '@mantine/core';
import type { ChainConfig, SweepCandidate, SweepRecord } from '@sgx/contracts';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { SectionCard } from '../../../ui/SectionCard';
import { StaffFieldset } from '../../../ui/StaffOnly';
import { useChains } from '../../web3/api/chainsApi';
import { ChainsLoadError } from '../../web3/components/AdminChainsPanel';
import { SWEEPS_NS } from '../i18n';
import { defaultSweepChainId, sweepChains } from '../sweepPlan';
import { SweepDialog, type SweepTarget } from './SweepDialog';
import { SweepHistory } from './SweepHistory';
import { SweepOverviewSection } from './SweepOverviewSection';

/**
 * Admin, /admin/web3?tab=sweeps (decision 0033): per chain, what sits at the members' own deposit addresses (read on
 * chain) against the ledger, sweeping chosen addresses to the treasury the factory fixes, and every sweep made.
 */
export function AdminSweepsPanel() {
  const { t } = useT(SWEEPS_NS);
  const chains = useChains();
  const list = chains.data === undefined ? [] : sweepChains(chains.data);
  const [chosen, setChosen] = useState<number | null>(null);
  const chainId = chosen ?? defaultSweepChainId(list);
  const chain = list.find((c) => c.id === chainId);
  const [target, setTarget] = useState<SweepTarget | null>(null);

  const sweep = (on: ChainConfig, candidates: SweepCandidate[], treasury: string) =>
    setTarget({ kind: 'new', chain: on, candidates, treasury });
  const resume = (record: SweepRecord) => {
    const on = list.find((c) => c.id === record.chain_id);
    if (on !== undefined) setTarget({ kind: 'continue', chain: on, sweep: record });
  };

  return (
    <Stack gap="md">
      <SectionCard
        title={t('panel.membersTitle')}
        description={t('panel.membersDescription')}
        testId="sweeps-panel"
        actions={
          list.length > 0 && (
            <Select
              label={t('panel.chain')}
              data={list.map((c) => ({ value: String(c.id), label: c.name }))}
              value={chainId === null ? null : String(chainId)}
              onChange={(v) => v !== null && setChosen(Number(v))}
              allowDeselect={false}
              w={220}
              data-testid="sweep-chain"
            />
          )
        }
      >
        <ChainsLoadError chains={chains} />
        {chains.isPending && <Skeleton h={160} radius="md" />}
        {chain !== undefined && (
          <StaffFieldset area="money">
            <SweepOverviewSection key={chain.id} chain={chain} onSweep={sweep} />
          </StaffFieldset>
        )}
      </SectionCard>
      <SectionCard title={t('panel.sweepsTitle')} description={t('panel.sweepsDescription')}>
        <SweepHistory chains={list} onContinue={resume} />
      </SectionCard>
      <SweepDialog target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
