import { Alert, Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { formatUnits } from '@sgx/money';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { ApprovalPendingAlert, isApprovalPending } from '../../../ui/ApprovalPendingAlert';
import { Money } from '../../../ui/Money';
import { PendingChanges, usePendingChanges } from '../../approvals/components/PendingChanges';
import {
  invalidPrice,
  type TokenInfo,
  tokenErrorMessage,
  updateFailed,
  useRefreshToken,
  useUpdatePrice,
} from '../api/tokenApi';
import { useCloseAfter } from '../hooks/useCloseAfter';
import { useSubmissionKey } from '../hooks/useSubmissionKey';
import { TOKEN_NS } from '../i18n';
import {
  formatSignedPriceUnits,
  percentChange,
  pnlColor,
  portfolioImpact,
  readAmount,
  unitsOf,
} from '../tokenMath';
import { DecimalInput } from './DecimalInput';
import { PercentText, Price, SummaryTable } from './TokenDisplay';
import { InfoLine, type Outcome, OutcomeAlert } from './TradeParts';

const REASON_MIN = 3;

interface UpdatePriceDialogProps {
  token: TokenInfo;
  onClose: () => void;
}

/**
 * Spec 2.9 Update Token Price (admin): the new price, what it changes, and why (the server needs a reason).
 * A second admin approves it before it applies (decision 0029): the dialog then says it waits, and the price
 * changes already asked for are shown under the current price.
 */
export function UpdatePriceDialog({ token, onClose }: UpdatePriceDialogProps) {
  const { t } = useT(TOKEN_NS);
  const [raw, setRaw] = useState('');
  const [reason, setReason] = useState('');
  const [reasonTouched, setReasonTouched] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [waiting, setWaiting] = useState<unknown>(null);
  const update = useUpdatePrice();
  const pending = usePendingChanges('token_price');
  const { keyFor } = useSubmissionKey();
  const refresh = useRefreshToken();
  const succeeded = outcome?.kind === 'success';

  useCloseAfter(succeeded, () => {
    void refresh();
    onClose();
  });

  const reading = readAmount(raw);
  const current = unitsOf(token.current_price) ?? 0n;
  const circulating = unitsOf(token.circulating_supply) ?? 0n;
  const change = reading.kind === 'ok' ? reading.units - current : null;
  const reasonOk = reason.trim().length >= REASON_MIN;
  const canUpdate = !update.isPending && !succeeded && waiting === null && reading.kind === 'ok' && reasonOk;

  const submit = () => {
    setReasonTouched(true);
    if (!canUpdate || reading.kind !== 'ok') return;
    setOutcome(null);
    const body = { price: reading.text, reason: reason.trim() };
    update.mutate(
      { ...body, key: keyFor(`${body.price}|${body.reason}`) },
      {
        onSuccess: (r) =>
          setOutcome({
            kind: 'success',
            message: serverText(r.message),
            detail: (
              <RichText
                text={t('update.nowAt')}
                components={{ price: <Price value={r.data.current_price} /> }}
              />
            ),
          }),
        onError: (error) =>
          isApprovalPending(error)
            ? setWaiting(error)
            : setOutcome({ kind: 'error', message: tokenErrorMessage(error, updateFailed()) }),
      },
    );
  };

  const priceError = reading.kind === 'invalid' || reading.kind === 'not-positive' ? invalidPrice() : null;

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('update.title')}
      centered
      closeOnClickOutside={!update.isPending}
      closeButtonProps={{ 'aria-label': t('update.closeDialog') }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <InfoLine label={t('update.currentPrice')}>
            <Price value={token.current_price} />
          </InfoLine>
          {waiting === null && <PendingChanges approvals={pending} testId="price-pending" />}
          <DecimalInput
            label={t('update.newPrice')}
            description={t('update.hint')}
            placeholder="0.00000000"
            value={raw}
            onChange={(v) => {
              setRaw(v);
              if (outcome?.kind === 'error') setOutcome(null);
            }}
            error={priceError}
            disabled={update.isPending || succeeded || waiting !== null}
            required
            data-autofocus
          />
          <Paper withBorder radius="md" p="sm">
            {change === null ? (
              <Text size="sm" c="dimmed">
                {t('update.enterPrice')}
              </Text>
            ) : (
              <SummaryTable
                label={t('update.summary')}
                rows={[
                  {
                    label: t('update.priceChange'),
                    value: (
                      <Text component="span" inherit ff="monospace" c={pnlColor(change)}>
                        {formatSignedPriceUnits(change)}
                        {percentChange(current, current + change) !== null && (
                          <>
                            {' '}
                            (<PercentText value={percentChange(current, current + change)} />)
                          </>
                        )}
                      </Text>
                    ),
                  },
                  {
                    label: t('update.impact'),
                    value: (
                      <Money value={formatUnits(portfolioImpact(circulating, change))} c={pnlColor(change)} />
                    ),
                  },
                ]}
              />
            )}
            <Text size="xs" c="dimmed" mt={4}>
              <RichText
                text={t('update.impactNote')}
                components={{ amount: <Money value={token.circulating_supply} kind="token" /> }}
              />
            </Text>
          </Paper>
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t('update.affectsTitle')}
          >
            {t('update.affectsText')}
          </Alert>
          <Textarea
            label={t('update.reason')}
            description={t('update.reasonHint')}
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            onBlur={() => setReasonTouched(true)}
            error={reasonTouched && !reasonOk ? t('update.reasonError') : null}
            disabled={update.isPending || succeeded || waiting !== null}
          />
          <OutcomeAlert outcome={outcome} />
          {waiting !== null ? (
            <>
              <ApprovalPendingAlert pending={waiting} />
              <Group justify="flex-end">
                <Button onClick={onClose}>{t('dialog.close')}</Button>
              </Group>
            </>
          ) : (
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={update.isPending}>
                {t('dialog.cancel')}
              </Button>
              <Button type="submit" loading={update.isPending} disabled={!canUpdate}>
                {t('update.submit')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
