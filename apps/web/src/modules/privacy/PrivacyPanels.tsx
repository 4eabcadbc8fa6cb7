import { Alert, Button, Card, List, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import type { PrivacyBlocker } from '@sgx/contracts';
import { CLOSE_ACCOUNT_CONFIRMATION } from '@sgx/contracts';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { persistor } from '../../app/store';
import { useT } from '../../i18n/i18n';
import { ApiErrorAlert } from '../../ui/ApiErrorAlert';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatDateTime } from '../../ui/format';
import { useTwoFactorStatus } from '../auth/api/twoFactorApi';
import { signedOut } from '../auth/authSlice';
import { signOutRequested } from '../auth/sessionEnd';
import { downloadCopy, useCloseAccount, useCloseState, useExportState, usePrepareExport } from './api';
import { PRIVACY_NS } from './i18n';

/** The password, or the authenticator code when two-factor is on: what these actions ask again. */
function FreshCheck({
  twoFactor,
  password,
  code,
  onPassword,
  onCode,
  askPassword,
  testId,
}: {
  twoFactor: boolean;
  password: string;
  code: string;
  onPassword: (v: string) => void;
  onCode: (v: string) => void;
  askPassword: boolean;
  testId: string;
}) {
  const { t } = useT(PRIVACY_NS);
  return (
    <>
      {askPassword && (
        <PasswordInput
          label={t('fields.password')}
          value={password}
          onChange={(e) => onPassword(e.currentTarget.value)}
          autoComplete="current-password"
          data-testid={`${testId}-password`}
        />
      )}
      {twoFactor && (
        <TextInput
          label={t('fields.code')}
          value={code}
          onChange={(e) => onCode(e.currentTarget.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          data-testid={`${testId}-code`}
        />
      )}
    </>
  );
}

/** "Download my data": prepare a copy (the password or code again), then download the zip while it is kept. */
export function ExportCard() {
  const { t } = useT(PRIVACY_NS);
  const state = useExportState();
  const prepare = usePrepareExport();
  const twoFactor = useTwoFactorStatus().data?.enabled === true;
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const [downloading, setDownloading] = useState(false);
  const ready = state.data?.status === 'ready' ? state.data : null;
  const submit = () =>
    prepare.mutate(twoFactor ? { code } : { password }, {
      onSuccess: () => {
        setPassword('');
        setCode('');
      },
    });
  const download = async () => {
    setDownloadError(null);
    setDownloading(true);
    try {
      await downloadCopy();
    } catch (err) {
      setDownloadError(err);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('export.title')}
        </Title>
        <Text size="sm">{t('export.explain')}</Text>
        {ready && (
          <Alert color="green" data-testid="privacy-export-ready">
            {t('export.ready', {
              at: formatDateTime(ready.ready_at ?? ready.created_at ?? ''),
              until: formatDateTime(ready.expires_at ?? ''),
            })}
          </Alert>
        )}
        {ready && (
          <Button
            leftSection={<IconDownload size={18} />}
            onClick={download}
            loading={downloading}
            data-testid="privacy-export-download"
          >
            {t('export.download')}
          </Button>
        )}
        {downloadError !== null && <ApiErrorAlert error={downloadError} />}
        <FreshCheck
          twoFactor={twoFactor}
          askPassword={!twoFactor}
          password={password}
          code={code}
          onPassword={setPassword}
          onCode={setCode}
          testId="privacy-export"
        />
        {prepare.isError && <ApiErrorAlert error={prepare.error} />}
        <Button
          variant={ready ? 'default' : 'filled'}
          onClick={submit}
          loading={prepare.isPending}
          disabled={twoFactor ? code.trim() === '' : password === ''}
          data-testid="privacy-export-prepare"
        >
          {prepare.isPending ? t('export.preparing') : ready ? t('export.again') : t('export.prepare')}
        </Button>
      </Stack>
    </Card>
  );
}

function BlockerText({ blocker }: { blocker: PrivacyBlocker }) {
  const { t } = useT(PRIVACY_NS);
  if (blocker.kind === 'balance' || blocker.kind === 'held_income') {
    return (
      <>
        {t(`blocker.${blocker.kind}`, {
          wallet: t(`wallet.${blocker.wallet ?? 'deposit'}`, { defaultValue: blocker.wallet ?? '' }),
          amount: blocker.amount ?? '',
          asset: blocker.asset ?? '',
        })}
      </>
    );
  }
  return <>{t(`blocker.${blocker.kind}`, { count: blocker.count ?? 1 })}</>;
}

/**
 * "Close my account": what is erased and what is kept (and why), what still stops it, then the password (and
 * code), the typed confirmation and a last dialog. Closed, the member is signed out.
 */
export function CloseCard() {
  const { t } = useT(PRIVACY_NS);
  const blockers = useCloseState();
  const close = useCloseAccount();
  const twoFactor = useTwoFactorStatus().data?.enabled === true;
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [asking, setAsking] = useState(false);
  const open = blockers.data?.blockers ?? [];
  const typed = confirmation.trim().toUpperCase() === CLOSE_ACCOUNT_CONFIRMATION;
  const confirmClose = () =>
    close.mutate(
      { password, confirmation, ...(twoFactor ? { code } : {}) },
      {
        onSuccess: async () => {
          // Closed: every session of the account has ended; this one leaves as a sign-out does.
          setAsking(false);
          signOutRequested();
          dispatch(signedOut());
          await persistor.purge();
          queryClient.clear();
          void navigate('/login', { replace: true });
        },
        onError: () => {
          setAsking(false);
          void blockers.refetch();
        },
      },
    );
  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('close.title')}
        </Title>
        <Text size="sm">{t('close.erased')}</Text>
        <Text size="sm">{t('close.kept')}</Text>
        {open.length > 0 && (
          <Alert color="orange" title={t('close.blockedTitle')} data-testid="privacy-close-blockers">
            <List size="sm">
              {open.map((b) => (
                <List.Item key={`${b.kind}:${b.wallet ?? ''}:${b.asset ?? ''}`}>
                  <BlockerText blocker={b} />
                </List.Item>
              ))}
            </List>
            <Text size="sm" mt="xs">
              {t('close.blockedHelp')}
            </Text>
          </Alert>
        )}
        <FreshCheck
          twoFactor={twoFactor}
          askPassword
          password={password}
          code={code}
          onPassword={setPassword}
          onCode={setCode}
          testId="privacy-close"
        />
        <TextInput
          label={t('close.confirmLabel', { text: CLOSE_ACCOUNT_CONFIRMATION })}
          value={confirmation}
          onChange={(e) => setConfirmation(e.currentTarget.value)}
          autoCapitalize="characters"
          data-testid="privacy-close-confirmation"
        />
        {close.isError && <ApiErrorAlert error={close.error} />}
        <Button
          color="red"
          leftSection={<IconTrash size={18} />}
          disabled={open.length > 0 || !typed || password === '' || (twoFactor && code.trim() === '')}
          onClick={() => setAsking(true)}
          data-testid="privacy-close-submit"
        >
          {t('close.submit')}
        </Button>
        <ConfirmDialog
          opened={asking}
          onCancel={() => setAsking(false)}
          onConfirm={confirmClose}
          loading={close.isPending}
          message={t('close.lastWord')}
          confirmLabel={t('close.submit')}
        />
      </Stack>
    </Card>
  );
}
