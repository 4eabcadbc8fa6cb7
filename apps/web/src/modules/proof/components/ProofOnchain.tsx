import { Anchor, Code, Stack, Text } from '@mantine/core';
import type { ProofResponse } from '@sgx/contracts';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../i18n/i18n';
import { useChains } from '../../web3/api/chainsApi';
import { PROOF_NS } from '../i18n';
import { checkOnchainRoot } from '../reserves';

/**
 * The transaction that wrote the root on chain, with its explorer link, checked from the browser: the
 * transaction is read from the chain's public endpoints and its data compared with the published root.
 */
export function ProofOnchain({ published }: { published: ProofResponse }) {
  const { t } = useT(PROOF_NS);
  const onchain = published.onchain;
  const chains = useChains(onchain !== null);
  const rpcUrls = chains.data?.chains.find((c) => c.id === onchain?.chain_id)?.rpcUrls;
  const check = useQuery({
    queryKey: ['proof', 'onchain', onchain?.tx_hash, published.root],
    queryFn: () => checkOnchainRoot(rpcUrls ?? [], onchain?.tx_hash ?? '', published.root ?? ''),
    enabled: onchain !== null && published.root !== null && (chains.data !== undefined || chains.isError),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (onchain === null) return <>{t('public.onchainNone')}</>;
  const state = check.data?.state;
  return (
    <Stack gap={2} data-testid="proof-onchain">
      {onchain.explorer_url ? (
        <Anchor href={onchain.explorer_url} target="_blank" rel="noreferrer" size="sm">
          {t('onchain.explorer')}
        </Anchor>
      ) : (
        <Code style={{ wordBreak: 'break-all' }}>{onchain.tx_hash}</Code>
      )}
      <Text size="sm" fw={400} c={state === 'verified' ? 'green' : state === 'mismatch' ? 'red' : 'dimmed'}>
        {state === 'verified'
          ? t('onchain.verified')
          : state === 'mismatch'
            ? t('onchain.mismatch')
            : check.data?.state === 'unchecked'
              ? t('onchain.unchecked', { reason: check.data.reason })
              : check.isError
                ? t('onchain.unchecked', { reason: String(check.error) })
                : t('onchain.checking')}
      </Text>
    </Stack>
  );
}
