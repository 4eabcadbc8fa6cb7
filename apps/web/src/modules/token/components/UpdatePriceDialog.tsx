import { Alert, Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { formatUnits } from '@sgx/money';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { ApprovalPendingAlert, isApprovalPending } from '../../../ui/ApprovalPendingAlert';
import { Money } from '../../../ui/Money';
import { PendingChanges, usePendingChanges } from '../../approvals/components/PendingChanges';
import {
  INVALID_PRICE,
  type TokenInfo,
  tokenErrorMessage,
  UPDATE_FAILED,
  useRefreshToken,
  useUpdatePrice,
} from '../api/tokenApi';
import { useCloseAfter } from '../hooks/useCloseAfter';
import { useSubmissionKey } from '../hooks/useSubmissionKey';
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

export const PRICE_HINT = 'Enter a positive value to set the new token price';
const REASON_MIN = 3;

interface UpdatePriceDialogProps {
  token: TokenInfo;
  onClose: () => void;
}

/**
 * Spec 2.9 Update Token Price (admin): the new price, what it changes, and why (the server needs a reason).
 * A second admin approves it before it applies (issue 19): the dialog then says it waits, and the price
 * changes already asked for are shown under the current price.
 */
export function UpdatePriceDialog({ token, onClose }: UpdatePriceDialogProps) {
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
            message: r.message,
            detail: (
              <>
                The price is now <Price value={r.data.current_price} />.
              </>
            ),
          }),
        onError: (error) =>
          isApprovalPending(error)
            ? setWaiting(error)
            : setOutcome({ kind: 'error', message: tokenErrorMessage(error, UPDATE_FAILED) }),
      },
    );
  };

  const priceError = reading.kind === 'invalid' || reading.kind === 'not-positive' ? INVALID_PRICE : null;

  return (
    <Modal
      opened
      onClose={onClose}
      title="Update Token Price"
      centered
      closeOnClickOutside={!update.isPending}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <InfoLine label="Current price">
            <Price value={token.current_price} />
          </InfoLine>
          {waiting === null && <PendingChanges approvals={pending} testId="price-pending" />}
          <DecimalInput
            label="New price (USD)"
            description={PRICE_HINT}
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
                Enter the new price to see the change.
              </Text>
            ) : (
              <SummaryTable
                label="Price change summary"
                rows={[
                  {
                    label: 'Price change',
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
                    label: 'Portfolio impact',
                    value: (
                      <Money value={formatUnits(portfolioImpact(circulating, change))} c={pnlColor(change)} />
                    ),
                  },
                ]}
              />
            )}
            <Text size="xs" c="dimmed" mt={4}>
              Portfolio impact: the change in value of the{' '}
              <Money value={token.circulating_supply} kind="token" /> in circulation.
            </Text>
          </Paper>
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="Affects all users"
          >
            A manual update changes the price for every user and the value of every member's portfolio at
            once.
          </Alert>
          <Textarea
            label="Reason"
            description="Kept in the price history and the audit log."
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            onBlur={() => setReasonTouched(true)}
            error={reasonTouched && !reasonOk ? 'Say why the price changes (at least 3 characters).' : null}
            disabled={update.isPending || succeeded || waiting !== null}
          />
          <OutcomeAlert outcome={outcome} />
          {waiting !== null ? (
            <>
              <ApprovalPendingAlert pending={waiting} />
              <Group justify="flex-end">
                <Button onClick={onClose}>Close</Button>
              </Group>
            </>
          ) : (
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={update.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending} disabled={!canUpdate}>
                Update Price
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
