import {
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  BLOCK_REASON_REQUIRED,
  type UpdateUserBody,
  UpdateUserBody as UpdateUserSchema,
  type UserRecord,
} from '@sgx/contracts';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { type ApprovalPendingError, errorMessage } from '../../../app/apiError';
import { tr, useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { serverText } from '../../../i18n/server';
import { ActionDialog } from '../../../ui/ActionDialog';
import { schemaErrors, serverFieldErrors } from '../../../ui/formErrors';
import { plainDecimal, sameAmount } from '../../../ui/Money';
import { useConfirmedAction } from '../../../ui/useConfirmedAction';
import { useStaffMay } from '../../auth/hooks/useStaffMay';
import { useUpdateUser } from '../api/usersApi';
import { ADMIN_USERS_NS } from '../i18n';
import { BalanceChangeSummary } from './BalanceChangeSummary';
import { statusLabel } from './StatusBadges';

interface EditValues {
  username: string;
  email: string;
  password: string;
  role: string;
  status: string;
  is_active: string;
  roi_status: string;
  level_status: string;
  address: string;
  business: string;
  business_balance: string;
  fullname: string;
  phone: string;
  reffer_by: string;
  reason: string;
  /** Shown to the member while blocked; required when blocking (decision 0035). */
  block_reason: string;
}

function valuesOf(user: UserRecord): EditValues {
  return {
    username: user.username,
    email: user.email,
    password: '',
    role: user.role,
    status: user.status,
    is_active: user.is_active,
    roi_status: user.roi_status,
    level_status: user.level_status,
    address: user.address ?? '',
    business: plainDecimal(user.business),
    business_balance: plainDecimal(user.business_balance),
    fullname: user.fullname,
    phone: user.phone ?? '',
    reffer_by: user.reffer_by ?? '',
    reason: '',
    block_reason: user.block_reason ?? '',
  };
}

const textFields = [
  'username',
  'email',
  'status',
  'is_active',
  'roi_status',
  'level_status',
  'address',
  'fullname',
  'phone',
  'reffer_by',
] as const;

/** Only what the admin changed; an empty password means unchanged; a balance is compared as an amount. */
function changesOf(values: EditValues, initial: EditValues): UpdateUserBody {
  const body: Record<string, string> = {};
  for (const key of textFields) {
    if (values[key].trim() !== initial[key].trim()) body[key] = values[key].trim();
  }
  if (values.password !== '') body.password = values.password;
  const balance = values.business_balance.trim();
  if (!sameAmount(balance, initial.business_balance)) body.business_balance = balance;
  // A reason goes only with a block: a new block, or a blocked member's reason reworded.
  const why = values.block_reason.trim();
  if (values.status === 'block' && why !== initial.block_reason.trim()) body.block_reason = why;
  return body;
}

/** A block needs a reason; a blocked member's reason cannot be emptied (one blocked before reasons has none). */
function blockReasonError(values: EditValues, initial: EditValues): Record<string, string> {
  const missing = values.status === 'block' && values.block_reason.trim() === '';
  const keptEmpty = initial.status === 'block' && initial.block_reason.trim() === '';
  return missing && !keptEmpty ? { block_reason: BLOCK_REASON_REQUIRED } : {};
}

interface AdminUserEditFormProps {
  user: UserRecord;
  onSaved: (message: string) => void;
  onFailed: (message: string) => void;
  /** The balance change waits for a second admin (the rest of the edit, if any, was saved). */
  onWaiting: (pending: ApprovalPendingError) => void;
}

/** Options whose value the API keeps and whose label is read in the admin's language (at render time). */
const options = (values: readonly string[], group: string) =>
  values.map((value) => ({ value, label: tr(`${ADMIN_USERS_NS}:${group}.${value}`) }));
const statusOptions = () =>
  (['unblock', 'block'] as const).map((value) => ({ value, label: statusLabel(value) }));
/** Hints go under the input so the inputs of a row stay aligned. */
const below: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

/** "Editable Details" of spec 2.3. Sends the changed fields plus `updated_at` with PUT /users/{id}. */
export function AdminUserEditForm({ user, onSaved, onFailed, onWaiting }: AdminUserEditFormProps) {
  const { t } = useT(ADMIN_USERS_NS);
  const openClose = options(['open', 'close'], 'edit.openClose');
  const update = useUpdateUser(user.id);
  const initial = valuesOf(user);
  const form = useForm<EditValues>({
    mode: 'uncontrolled',
    initialValues: initial,
    validate: (values) => ({
      ...schemaErrors(UpdateUserSchema, changesOf(values, initial)),
      ...blockReasonError(values, initial),
    }),
  });
  const [blocking, setBlocking] = useState(initial.status === 'block');
  form.watch('status', ({ value }) => setBlocking(value === 'block'));

  const failed = (error: unknown) => {
    form.setErrors(serverFieldErrors(error));
    onFailed(errorMessage(error));
  };
  const balanceEdit = useConfirmedAction({
    run: (body: UpdateUserBody) => update.mutateAsync(body),
    onSuccess: (res) => onSaved(serverText(res.message)),
    onError: failed,
    // Kept for a second admin: the balance shown stays the member's real one until it is approved.
    onPending: (pending) => {
      form.reset();
      onWaiting(pending);
    },
  });
  const pendingBody = balanceEdit.payload;

  const onSubmit = form.onSubmit((values) => {
    const changes = changesOf(values, initial);
    if (Object.keys(changes).length === 0) {
      onFailed(t('edit.nothingChanged'));
      return;
    }
    const reason = values.reason.trim();
    const body: UpdateUserBody = {
      ...changes,
      ...(reason !== '' ? { reason } : {}),
      updated_at: new Date().toISOString(),
    };
    // A balance edit moves money: it waits for a confirmation that shows before, after and the difference.
    if (body.business_balance !== undefined) {
      balanceEdit.open(body);
      return;
    }
    update.mutate(body, {
      onSuccess: (res) => onSaved(serverText(res.message)),
      onError: failed,
    });
  });

  // Staff see the fields their role may change (decision 0042): support the record, finance the money fields
  // (balance, income switches); compliance reads it all. The server checks the same on what an edit changes.
  const mayMembers = useStaffMay('members');
  const mayMoney = useStaffMay('money');

  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={onSubmit} noValidate aria-label={t('edit.title')}>
        <Title order={3} fz="lg" mb="md">
          {t('edit.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label={t('edit.username')}
            type="text"
            disabled={!mayMembers}
            key={form.key('username')}
            {...form.getInputProps('username')}
          />
          <TextInput
            label={t('edit.email')}
            type="email"
            disabled={!mayMembers}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('edit.password')}
            type="text"
            autoComplete="new-password"
            placeholder={t('edit.passwordPlaceholder')}
            disabled={!mayMembers}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Select
            label={t('edit.role')}
            data={options(['user', 'admin'], 'edit.roles')}
            disabled
            allowDeselect={false}
            key={form.key('role')}
            {...form.getInputProps('role')}
          />
          <Select
            label={t('edit.status')}
            data={statusOptions()}
            allowDeselect={false}
            disabled={!mayMembers}
            key={form.key('status')}
            {...form.getInputProps('status')}
          />
          {blocking && (
            <Textarea
              label={t('edit.blockReason')}
              description={t('edit.blockReasonHint')}
              placeholder={t('edit.blockReasonExample')}
              required
              autosize
              minRows={2}
              maxLength={500}
              inputWrapperOrder={below}
              style={{ gridColumn: '1 / -1' }}
              disabled={!mayMembers}
              key={form.key('block_reason')}
              {...form.getInputProps('block_reason')}
            />
          )}
          <Select
            label={t('edit.isActive')}
            data={options(['active', 'inactive'], 'activeFlag')}
            allowDeselect={false}
            disabled={!mayMembers}
            key={form.key('is_active')}
            {...form.getInputProps('is_active')}
          />
          <Select
            label={t('edit.roiStatus')}
            data={openClose}
            allowDeselect={false}
            disabled={!mayMoney}
            key={form.key('roi_status')}
            {...form.getInputProps('roi_status')}
          />
          <Select
            label={t('edit.levelStatus')}
            data={openClose}
            allowDeselect={false}
            disabled={!mayMoney}
            key={form.key('level_status')}
            {...form.getInputProps('level_status')}
          />
          <TextInput
            label={t('edit.address')}
            disabled={!mayMembers}
            key={form.key('address')}
            {...form.getInputProps('address')}
          />
          <TextInput
            label={t('edit.business')}
            type="number"
            readOnly
            variant="filled"
            description={t('edit.businessHint')}
            inputWrapperOrder={below}
            key={form.key('business')}
            {...form.getInputProps('business')}
          />
          <TextInput
            label={t('edit.businessBalance')}
            type="number"
            inputMode="decimal"
            step="0.00000001"
            min={0}
            description={t('edit.businessBalanceHint')}
            inputWrapperOrder={below}
            disabled={!mayMoney}
            key={form.key('business_balance')}
            {...form.getInputProps('business_balance')}
          />
          <TextInput
            label={t('edit.fullname')}
            disabled={!mayMembers}
            key={form.key('fullname')}
            {...form.getInputProps('fullname')}
          />
          <TextInput
            label={t('edit.phone')}
            type="tel"
            disabled={!mayMembers}
            key={form.key('phone')}
            {...form.getInputProps('phone')}
          />
          <TextInput
            label={t('edit.refferBy')}
            disabled={!mayMembers}
            key={form.key('reffer_by')}
            {...form.getInputProps('reffer_by')}
          />
          <TextInput
            label={t('edit.reason')}
            description={t('edit.reasonHint')}
            inputWrapperOrder={below}
            key={form.key('reason')}
            {...form.getInputProps('reason')}
          />
        </SimpleGrid>
        {mayMembers || mayMoney ? (
          <Group justify="flex-end" mt="lg">
            <Button type="submit" loading={update.isPending} leftSection={<IconDeviceFloppy size={18} />}>
              {t('edit.save')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" mt="md" data-testid="read-only-note">
            {tr('shell:ui.readOnly')}
          </Text>
        )}
      </form>
      <ActionDialog
        action={balanceEdit}
        title={t('edit.confirmTitle')}
        confirmLabel={t('edit.confirmLabel')}
        color="orange"
      >
        {pendingBody !== null && (
          <Stack gap="xs">
            <Text size="sm">
              <RichText
                text={t('edit.confirmText', { fullname: user.fullname, id: user.id })}
                components={{ user: <b>{user.username}</b> }}
              />
            </Text>
            <BalanceChangeSummary
              label={t('edit.businessBalance')}
              before={user.business_balance}
              after={pendingBody.business_balance === undefined ? null : String(pendingBody.business_balance)}
            />
          </Stack>
        )}
      </ActionDialog>
    </Card>
  );
}
