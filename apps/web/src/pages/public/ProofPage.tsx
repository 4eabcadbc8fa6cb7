import { Container, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../i18n/i18n';
import { usePublishedProof } from '../../modules/proof/api/proofApi';
import { ProofFigures, ProofHistory, ProofHonesty } from '../../modules/proof/components/ProofFigures';
import { ProofReserves } from '../../modules/proof/components/ProofReserves';
import { ProofSolvency, SolvencyNotice } from '../../modules/proof/components/ProofSolvency';
import { PROOF_NS } from '../../modules/proof/i18n';
import { LoadError } from '../../ui/LoadError';
import { useDocumentTitle } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';

/**
 * /proof (decision 0044): the published proof of liabilities, its history, and what can and cannot be checked; with
 * the latest solvency report's coverage and runway (decision 0068), read on their own so either shows without the other.
 */
export default function ProofPage() {
  const { t } = useT(PROOF_NS);
  useDocumentTitle(t('public.title'));
  const published = usePublishedProof();
  return (
    <Container size="md" py={{ base: 32, md: 56 }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 30, md: 40 }}>
            {t('public.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('public.description')}
          </Text>
        </div>
        <SolvencyNotice />
        {published.isError && (
          <LoadError
            title={t('public.loadError')}
            error={published.error}
            onRetry={() => void published.refetch()}
            loadedAt={published.dataUpdatedAt}
          />
        )}
        <Spinner loading={published.isFetching && published.data === undefined} />
        {published.data !== undefined && <ProofFigures published={published.data} />}
        <ProofSolvency />
        {published.data !== undefined && (
          <>
            <ProofReserves published={published.data} />
            <ProofHonesty />
            <ProofHistory history={published.data.history} />
          </>
        )}
      </Stack>
    </Container>
  );
}
