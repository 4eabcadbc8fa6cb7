import { Button, Divider, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { ApiErrorAlert } from '../../../ui/ApiErrorAlert';
import { CopyText } from '../../../ui/CopyText';
import { newIdempotencyKey } from '../../../ui/idempotency';
import { monoInput } from '../../../ui/inputStyles';
import { WEB3_NS } from '../i18n';
import { txHashProblem } from '../txHash';
import { WalletGate } from '../WalletGate';

/**
 * A transaction the wallet handed back while the server is told of it, and when telling it failed: the hash is
 * kept on screen to record again (nothing sent is ever lost to a failed report) or to replace by hand.
 */
function ReportState({
  hash,
  pending,
  error,
  onRetry,
  onDiscard,
}: {
  hash: string;
  pending: boolean;
  error: unknown;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const { t } = useT(WEB3_NS);
  return (
    <Stack gap="xs">
      <Text size="sm">{t('byHand.sent')}</Text>
      <CopyText value={hash} label={t('tracker.txHash')} />
      {pending ? (
        <Text size="sm" c="dimmed" role="status">
          {t('byHand.recording')}
        </Text>
      ) : (
        <>
          <ApiErrorAlert error={error} title={t('byHand.notRecorded')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDiscard}>
              {t('byHand.another')}
            </Button>
            <Button variant="light" onClick={onRetry}>
              {t('byHand.again')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

interface SendByHandProps {
  /** The contract called, and what it is ("deposit factory", "payout contract"). */
  to: string;
  toName: string;
  data: string;
  /** What to do with the data, above it. */
  children: ReactNode;
  /** The form's accessible name, e.g. "Record the sweep transaction". */
  formLabel: string;
  busy: boolean;
  onHash: (hash: string) => void;
}

/** A prepared transaction as data to send with any wallet (copy buttons), and the field its hash is pasted into. */
export function SendByHand({ to, toName, data, children, formLabel, busy, onHash }: SendByHandProps) {
  const { t } = useT(WEB3_NS);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = txHashProblem(text);
    setError(problem);
    if (problem === null) onHash(text.trim());
  };
  return (
    <form onSubmit={submit} noValidate aria-label={formLabel}>
      <Stack gap="sm">
        <Text size="sm">{children}</Text>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t('byHand.to', { name: toName })}
          </Text>
          <CopyText value={to} label={t('byHand.toAddress', { name: toName })} />
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t('byHand.data', { bytes: (data.length - 2) / 2 })}
          </Text>
          <CopyText value={data} label={t('byHand.dataLabel')} short />
        </Stack>
        <TextInput
          label={t('byHand.hash')}
          placeholder="0x…"
          styles={monoInput}
          spellCheck={false}
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={busy}>
            {t('byHand.record')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface SendPreparedProps<A> extends Omit<SendByHandProps, 'busy' | 'onHash'> {
  /** Tells the server the hash (with the submission's Idempotency-Key); its answer goes to `onReported`. */
  report: (hash: string, key: string) => Promise<A>;
  onReported: (answer: A) => void;
  /** The wallet step (EVM chains), given what records the hash it sends; null: by hand only (TRON). */
  wallet: ((onSent: (hash: string) => void) => ReactNode) | null;
}

/**
 * A prepared transaction still to be sent (a sweep, a payout batch): from the connected wallet, or by hand with
 * its hash pasted; the hash is then reported to the server, and kept on screen until the server has it.
 */
export function SendPrepared<A>({ report, onReported, wallet, ...byHand }: SendPreparedProps<A>) {
  const { t } = useT(WEB3_NS);
  const [hash, setHash] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (h: string) => report(h, newIdempotencyKey()),
    onSuccess: (answer) => {
      setHash(null);
      onReported(answer);
    },
  });
  const send = (h: string) => {
    setHash(h);
    mutation.mutate(h);
  };
  if (hash !== null && (mutation.isPending || mutation.isError)) {
    return (
      <ReportState
        hash={hash}
        pending={mutation.isPending}
        error={mutation.error}
        onRetry={() => send(hash)}
        onDiscard={() => {
          mutation.reset();
          setHash(null);
        }}
      />
    );
  }
  return (
    <>
      {wallet !== null && (
        <>
          <WalletGate fallback={<Skeleton h={80} radius="md" />}>{wallet(send)}</WalletGate>
          <Divider label={t('byHand.otherWay')} labelPosition="center" />
        </>
      )}
      <SendByHand {...byHand} busy={mutation.isPending} onHash={send} />
    </>
  );
}
