import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { Recipient } from '@sgx/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { ActionDialog } from '../../../ui/ActionDialog';
import { formatMoney } from '../../../ui/Money';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { useInvalidateMoney } from '../../wallet/api/walletApi';
import { useRecipientLookup } from '../api/recipientApi';
import { payEntry } from '../api/topupsApi';
import { TOPUPS_NS } from '../i18n';
import { RecipientInput, recipientName, recipientTextError } from './RecipientInput';

/** Whose account the fee activates: yours, or another member's named before the confirm (decision 0036). */
type Payee = { id: number; other?: Recipient };

/** POST /topup/entry: pays the account activation fee so an account becomes active without a plan. */
export function EntryForm({ userId, balance }: { userId: number; balance: string | undefined }) {
  const { t } = useT(TOPUPS_NS);
  const invalidate = useInvalidateMoney();
  const [who, setWho] = useState('self');
  const [member, setMember] = useState('');
  const [error, setError] = useState<string | null>(null);
  const recipient = useRecipientLookup(who === 'self' ? '' : member, 'friend');
  const action = useConfirmedAction({
    run: (p: Payee, key) => payEntry({ id: p.id, userby_id: userId }, key),
    onSuccess: (res) => {
      toast.success(
        t('entry.paid', { message: serverText(res.message), amount: formatMoney(res.topup.amount) }),
      );
      setMember('');
      setError(null);
      invalidate();
    },
  });
  const submit = async () => {
    if (who === 'self') {
      action.open({ id: userId });
      return;
    }
    const problem = recipientTextError(member);
    if (problem !== null) {
      setError(problem);
      return;
    }
    const found = await recipient.resolve();
    if ('message' in found) setError(found.message);
    else action.open({ id: found.recipient.id, other: found.recipient });
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('entry.intro')}
      </Text>
      <SegmentedControl
        data={[
          { value: 'self', label: t('entry.mine') },
          { value: 'other', label: t('entry.other') },
        ]}
        value={who}
        onChange={setWho}
        aria-label={t('entry.which')}
        w={{ base: '100%', xs: 'auto' }}
        style={{ alignSelf: 'flex-start' }}
      />
      {who === 'other' && (
        <RecipientInput
          label={t('entry.member')}
          lookup={recipient.lookup}
          value={member}
          onChange={(e) => {
            setMember(e.currentTarget.value);
            setError(null);
          }}
          error={error ?? undefined}
          maw={360}
        />
      )}
      <Group justify="flex-end">
        <Button onClick={() => void submit()}>{t('entry.submit')}</Button>
      </Group>
      <ActionDialog action={action} title={t('entry.confirmTitle')} confirmLabel={t('entry.confirmLabel')}>
        {action.payload !== null && (
          <Stack gap="xs">
            <Text>
              <RichText
                text={t('entry.confirm', { balance: formatMoney(balance) })}
                components={{
                  who: (
                    <b>
                      {action.payload.other === undefined
                        ? t('entry.yourAccount')
                        : recipientName(action.payload.other)}
                    </b>
                  ),
                }}
              />
            </Text>
            <Text size="sm" c="dimmed">
              {t('entry.feeNote')}
            </Text>
          </Stack>
        )}
      </ActionDialog>
    </Stack>
  );
}
