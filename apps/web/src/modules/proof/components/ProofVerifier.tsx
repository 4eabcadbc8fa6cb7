import { Alert, Button, Card, FileButton, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ProofMeResponse, ProofResponse } from '@sgx/contracts';
import { IconCircleCheck, IconCircleX, IconDownload, IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { formatDateTime } from '../../../ui/format';
import { Money } from '../../../ui/Money';
import { PROOF_NS } from '../i18n';
import { checkProofFile, type FileCheck, leafBalances } from '../verify';

interface ProofVerifierProps {
  mine: ProofMeResponse;
  published: ProofResponse;
  memberId: number | undefined;
}

/** Saves the proof as it came from the server, as a JSON file. */
function download(mine: ProofMeResponse) {
  const blob = new Blob([`${JSON.stringify(mine, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `proof-of-liabilities-${mine.day}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** The member's balances at the cut-off, the download, and the in-browser check of their proof or of a file. */
export function ProofVerifier({ mine, published, memberId }: ProofVerifierProps) {
  const { t } = useT(PROOF_NS);
  const [result, setResult] = useState<FileCheck | null>(null);
  const [checking, setChecking] = useState(false);
  // What the member's leaf holds (what the check proves), not the figures the server writes beside the proof.
  const held = leafBalances(mine.proof) ?? { USD: '0', SGX: '0' };

  const check = async (read: () => Promise<unknown>) => {
    setChecking(true);
    setResult(null);
    try {
      let data: unknown;
      try {
        data = await read();
      } catch {
        data = null;
      }
      setResult(await checkProofFile(data, published, memberId));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={3} fz="lg">
            {t('member.balances')}
          </Title>
          <Text size="sm" c="dimmed">
            {formatDateTime(mine.cutoff)}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Text data-testid="proof-balance-usd">
              USD <Money value={held.USD} />
            </Text>
            <Text data-testid="proof-balance-sgx">
              SGX <Money value={held.SGX} kind="token" />
            </Text>
          </SimpleGrid>
          <Group>
            <Button leftSection={<IconDownload size={16} />} onClick={() => download(mine)}>
              {t('member.download')}
            </Button>
            <Button variant="light" loading={checking} onClick={() => void check(async () => mine)}>
              {t('member.verifyMine')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={3} fz="lg">
            {t('member.file')}
          </Title>
          <Text size="sm">{t('member.fileHint')}</Text>
          <FileButton
            accept="application/json,.json"
            onChange={(file) => file && void check(async () => JSON.parse(await file.text()))}
          >
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconFileUpload size={16} />} w="fit-content">
                {t('member.file')}
              </Button>
            )}
          </FileButton>
        </Stack>
      </Card>
      {checking && <Text>{t('member.checking')}</Text>}
      {result !== null &&
        (result.ok ? (
          <Alert
            color="teal"
            icon={<IconCircleCheck size={18} />}
            title={t('member.verified')}
            data-testid="proof-result"
          >
            <Stack gap={4}>
              <Text size="sm">{t('member.verifiedDetail', { day: result.day })}</Text>
              <Text size="sm" data-testid="proof-result-balances">
                {t('member.verifiedBalances')} USD <Money value={result.balances.USD} /> · SGX{' '}
                <Money value={result.balances.SGX} kind="token" />
              </Text>
            </Stack>
          </Alert>
        ) : (
          <Alert
            color="red"
            icon={<IconCircleX size={18} />}
            title={t('member.notVerified')}
            data-testid="proof-result"
          >
            {t(`reasons.${result.reason}`)}
          </Alert>
        ))}
    </Stack>
  );
}
