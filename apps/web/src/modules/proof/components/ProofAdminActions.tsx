import {
  Button,
  Card,
  Code,
  Divider,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { chainName, SUPPORTED_CHAINS } from '@sgx/chain';
import type { ProofResponse } from '@sgx/contracts';
import { type FormEvent, lazy, useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { ApiErrorAlert } from '../../../ui/ApiErrorAlert';
import { StaffFieldset, StaffOnly } from '../../../ui/StaffOnly';
import { WalletGate } from '../../web3/WalletGate';
import { useBuildProof, useReadReserves, useRecordOnchain } from '../api/proofAdminApi';
import { PROOF_NS } from '../i18n';

// wagmi and viem load only when the root is sent from a wallet.
const ProofRootWalletSend = lazy(() => import('./ProofRootWalletSend'));

/** Builds today's tree now, and reads the latest tree's reserves again (fills chains that were unavailable). */
export function ProofBuildActions({ published }: { published: ProofResponse | undefined }) {
  const { t } = useT(PROOF_NS);
  const build = useBuildProof();
  const read = useReadReserves();
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {t('admin.build.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {published?.day ? t('admin.build.latest', { day: published.day }) : t('public.none')}
        </Text>
        {build.isError && <ApiErrorAlert error={build.error} />}
        {build.isSuccess && (
          <Text role="status" c="green">
            {build.data.built
              ? t('admin.build.built', { day: build.data.tree.day })
              : t('admin.build.existed', { day: build.data.tree.day })}
          </Text>
        )}
        {read.isError && <ApiErrorAlert error={read.error} />}
        {read.isSuccess && (
          <Text role="status" c={read.data.reserves_unavailable.length === 0 ? 'green' : 'yellow'}>
            {t('admin.read.done', {
              lines: read.data.reserves.length,
              unavailable: read.data.reserves_unavailable.length,
            })}
          </Text>
        )}
        {(published?.reserves_unavailable ?? []).map((u) => (
          <Text key={u.chain_id} size="sm" c="yellow.8">
            {t('reserves.unavailable', { chain: chainName(u.chain_id), reason: u.reason })}
          </Text>
        ))}
        <StaffOnly area="settings" note>
          <Group>
            <Button loading={build.isPending} onClick={() => build.mutate()}>
              {t('admin.build.button')}
            </Button>
            <Button
              variant="light"
              loading={read.isPending}
              disabled={!published?.day}
              onClick={() => read.mutate({})}
            >
              {t('admin.read.button')}
            </Button>
          </Group>
        </StaffOnly>
      </Stack>
    </Card>
  );
}

/**
 * The root written on chain: the operator sends, from their wallet, a transaction whose data is the root shown
 * here, then records its hash; the server keeps it only once the chain shows that data, confirmed.
 */
export function ProofOnchainForm({ published }: { published: ProofResponse | undefined }) {
  const { t } = useT(PROOF_NS);
  const record = useRecordOnchain();
  const [chainId, setChainId] = useState<string>(String(SUPPORTED_CHAINS[0]?.id ?? 56));
  const [hash, setHash] = useState('');
  if (!published?.root || !published.day) return null;
  const recordHash = (h: string) =>
    record.mutate(
      { day: published.day ?? undefined, chain_id: Number(chainId), tx_hash: h.trim() },
      { onSuccess: () => setHash('') },
    );
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    recordHash(hash);
  };
  return (
    <Card withBorder padding="md">
      <StaffFieldset area="settings">
        <form onSubmit={submit} aria-label={t('admin.onchain.title')}>
          <Stack gap="sm">
            <Title order={3} fz="lg">
              {t('admin.onchain.title')}
            </Title>
            {published.onchain ? (
              <Text c="green">{t('admin.onchain.recorded', { hash: published.onchain.tx_hash })}</Text>
            ) : (
              <>
                <Text size="sm">{t('admin.onchain.hint', { day: published.day })}</Text>
                <Code
                  block
                  style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
                >{`0x${published.root}`}</Code>
                {record.isError && <ApiErrorAlert error={record.error} />}
                <Select
                  label={t('admin.onchain.chain')}
                  data={SUPPORTED_CHAINS.map((c) => ({ value: String(c.id), label: chainName(c.id) }))}
                  value={chainId}
                  allowDeselect={false}
                  onChange={(v) => v && setChainId(v)}
                />
                <StaffOnly area="settings">
                  <WalletGate fallback={<Skeleton h={80} radius="md" />}>
                    <ProofRootWalletSend
                      chainId={Number(chainId)}
                      chainLabel={chainName(Number(chainId))}
                      root={published.root}
                      onSent={(h) => {
                        // Kept in the field: recorded once the chain has its confirmations (or retried by hand).
                        setHash(h);
                        recordHash(h);
                      }}
                    />
                  </WalletGate>
                </StaffOnly>
                <Divider label={t('admin.onchain.byHand')} labelPosition="center" />
                <TextInput
                  label={t('admin.onchain.hash')}
                  required
                  placeholder="0x…"
                  value={hash}
                  onChange={(e) => setHash(e.currentTarget.value)}
                />
                <Button type="submit" loading={record.isPending} style={{ alignSelf: 'flex-start' }}>
                  {t('admin.onchain.submit')}
                </Button>
              </>
            )}
          </Stack>
        </form>
      </StaffFieldset>
    </Card>
  );
}
