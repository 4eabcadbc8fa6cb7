import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../i18n/i18n';
import { useReserveAddresses } from '../../modules/proof/api/proofAdminApi';
import { usePublishedProof } from '../../modules/proof/api/proofApi';
import { ProofBuildActions, ProofOnchainForm } from '../../modules/proof/components/ProofAdminActions';
import { ReserveAddressesAdmin } from '../../modules/proof/components/ReserveAddressesAdmin';
import { ReserveAddressForm, type ReserveDraft } from '../../modules/proof/components/ReserveAddressForm';
import { PROOF_NS } from '../../modules/proof/i18n';
import { LoadError } from '../../ui/LoadError';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

/**
 * /admin/proof (settings: the owner changes, compliance reads; decision 0044): build today's proof
 * now, the reserve addresses proven by signature and the ones still to prove, reading reserves again, and
 * recording the root written on chain.
 */
export default function ProofAdminPage() {
  const { t } = useT(PROOF_NS);
  const published = usePublishedProof();
  const reserves = useReserveAddresses();
  const [draft, setDraft] = useState<ReserveDraft>({
    address: '',
    label: '',
    date: new Date().toISOString().slice(0, 10),
    chain_ids: [],
  });
  return (
    <PageShell title={t('admin.title')} description={t('admin.description')}>
      <ProofBuildActions published={published.data} />
      {reserves.isError && (
        <LoadError
          title={t('admin.loadError')}
          error={reserves.error}
          onRetry={() => void reserves.refetch()}
          loadedAt={reserves.dataUpdatedAt}
        />
      )}
      <Spinner loading={reserves.isFetching && reserves.data === undefined} />
      {reserves.data !== undefined && (
        <Stack gap="md">
          <ReserveAddressesAdmin data={reserves.data} onUse={(d) => setDraft({ ...draft, ...d })} />
          <ReserveAddressForm draft={draft} onDraft={setDraft} />
        </Stack>
      )}
      <ProofOnchainForm published={published.data} />
    </PageShell>
  );
}
