import {
  Alert,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { PlanBody, type PlanRecord, type SimulationProposal } from '@sgx/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { ApprovalPendingError } from '../../../app/apiError';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { AmountInput } from '../../../ui/AmountInput';
import { ApiErrorAlert } from '../../../ui/ApiErrorAlert';
import { ApprovalPendingAlert, isApprovalPending } from '../../../ui/ApprovalPendingAlert';
import { schemaErrors, serverFieldErrors } from '../../../ui/formErrors';
import { newIdempotencyKey } from '../../../ui/idempotency';
import { plainDecimal } from '../../../ui/Money';
import { approvalKeys } from '../../approvals/api/approvalsApi';
import { planKeys } from '../../plans/api/plansApi';
import { ApprovalSimulation } from '../../simulation/components/ApprovalSimulation';
import { SimulationPreviewDialog } from '../../simulation/components/SimulationPreviewDialog';
import { createPlan, type PlanInput, updatePlan } from '../api/plansAdminApi';
import { PLANS_ADMIN_NS } from '../i18n';
import {
  economicChanges,
  editBody,
  immediateChanges,
  newPlanTerms,
  type PlanFieldChange,
  planFieldLabel,
} from '../planChanges';
import { PlanChangeTable } from './PlanChangeTable';

interface Values {
  name: string;
  monthly_price: string;
  ROI_day: string;
  Sponser_bonus: string;
  plan_period: string;
  description: string;
  type: string;
  active: boolean;
}

const empty: Values = {
  name: '',
  monthly_price: '',
  ROI_day: '',
  Sponser_bonus: '5',
  plan_period: '365',
  description: '',
  type: 'investment',
  active: true,
};

function valuesOf(plan: PlanRecord): Values {
  return {
    name: plan.name,
    monthly_price: plainDecimal(plan.monthly_price),
    ROI_day: plainDecimal(plan.ROI_day),
    Sponser_bonus: plainDecimal(plan.Sponser_bonus),
    plan_period: String(plan.plan_period),
    description: plan.description,
    type: plan.type,
    active: plan.active,
  };
}

function bodyOf(v: Values): PlanInput {
  return {
    name: v.name.trim(),
    monthly_price: v.monthly_price.trim(),
    ROI_day: v.ROI_day.trim(),
    Sponser_bonus: v.Sponser_bonus.trim(),
    plan_period: Number(v.plan_period.trim()),
    description: v.description.trim(),
    type: v.type.trim(),
    active: v.active,
  };
}

/** One submission: what is sent, and how it reads (what waits for a second admin, what applies at once). */
interface Submission {
  body: Partial<PlanInput> & { reason?: string };
  waiting: PlanFieldChange[];
  applied: PlanFieldChange[];
}

/** The API kept (part of) the submission for a second admin (202): what waits, what applied. */
interface Kept extends Omit<Submission, 'body'> {
  pending: ApprovalPendingError;
}

/**
 * What an edit asks for, as the simulation previews it (decision 0069): the daily ROI and sponsor bonus are replayed;
 * a price or a period is named as not modelled.
 */
function proposalOf(plan: PlanRecord, s: Submission): SimulationProposal {
  const change = {
    id: plan.id,
    ...(s.body.ROI_day !== undefined ? { roi_day: s.body.ROI_day } : {}),
    ...(s.body.Sponser_bonus !== undefined ? { sponsor_bonus: s.body.Sponser_bonus } : {}),
  };
  const unmodelled = s.waiting
    .filter((c) => c.field === 'monthly_price' || c.field === 'plan_period')
    .map((c) => planFieldLabel(c.field));
  return {
    plans: Object.keys(change).length > 1 ? [change] : [],
    ...(unmodelled.length > 0 ? { unmodelled } : {}),
  };
}

interface PlanFormModalProps {
  /** null: a new plan. */
  plan: PlanRecord | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * Create or edit a plan. A change applies to top-ups after it, never to plans already held. A change of the economic
 * fields (price, daily ROI, sponsor bonus, period), and a new plan once members hold plans, waits for a second admin
 * (decision 0070): an edit of them is confirmed first (old → new), and the answer says what waits and what applied.
 */
export function PlanFormModal({ plan, opened, onClose }: PlanFormModalProps) {
  const { t } = useT(PLANS_ADMIN_NS);
  const queryClient = useQueryClient();
  const [economic, setEconomic] = useState(false);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState<Submission | null>(null);
  const [kept, setKept] = useState<Kept | null>(null);
  // The simulation of the edit, shown before it is sent (decision 0069).
  const [previewing, setPreviewing] = useState(false);
  // One Idempotency-Key per submission, kept across its retries (a different body is a new submission).
  const lastKey = useRef<{ body: string; key: string } | null>(null);
  const keyFor = (body: unknown) => {
    const text = JSON.stringify(body);
    if (lastKey.current?.body !== text) lastKey.current = { body: text, key: newIdempotencyKey() };
    return lastKey.current.key;
  };

  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: plan === null ? empty : valuesOf(plan),
    validate: (v) => {
      const errors = schemaErrors(PlanBody, bodyOf(v));
      if (!/^\d{1,4}$/.test(v.plan_period.trim())) errors.plan_period = t('form.periodError');
      return errors;
    },
    onValuesChange: (v) => setEconomic(plan !== null && economicChanges(plan, bodyOf(v)).length > 0),
  });
  const save = useMutation({
    mutationFn: (s: Submission) =>
      plan === null
        ? createPlan(s.body as PlanInput, keyFor(s.body))
        : updatePlan(plan.id, s.body, keyFor(s.body)),
    onSuccess: (res) => {
      toast.success(serverText(res.message));
      void queryClient.invalidateQueries({ queryKey: planKeys.list });
      onClose();
    },
    onError: (error, s) => {
      setConfirming(null);
      if (isApprovalPending(error)) {
        // Not a success and not a refusal: the form keeps its values, the notice says what waits and what applied.
        setKept({ pending: error, waiting: s.waiting, applied: s.applied });
        void queryClient.invalidateQueries({ queryKey: planKeys.list });
        void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
        return;
      }
      form.setErrors(serverFieldErrors(error));
    },
  });

  const onSubmit = form.onSubmit((v) => {
    const body = bodyOf(v);
    if (plan === null) {
      save.mutate({ body, waiting: newPlanTerms(body), applied: [] });
      return;
    }
    const waiting = economicChanges(plan, body);
    const applied = immediateChanges(plan, body);
    if (waiting.length === 0 && applied.length === 0) {
      onClose();
      return;
    }
    const submission = { body: editBody(plan, body, reason), waiting, applied };
    // A change of the rules members earn under is confirmed first, old → new.
    if (waiting.length > 0) {
      save.reset();
      setConfirming(submission);
    } else save.mutate(submission);
  });

  const busy = save.isPending;
  const title = plan === null ? t('form.newPlan') : t('form.editPlan', { name: plan.name });

  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      title={title}
      centered
      size="lg"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      {confirming !== null && (
        <Stack gap="md" data-testid="plan-confirm">
          <Text fw={600}>{t('confirm.title')}</Text>
          <Text size="sm">{t('confirm.intro')}</Text>
          <PlanChangeTable
            changes={confirming.waiting}
            label={t('confirm.waits')}
            testId="plan-confirm-waits"
          />
          {confirming.applied.length > 0 && (
            <>
              <Text size="sm">{t('confirm.appliesIntro')}</Text>
              <PlanChangeTable changes={confirming.applied} label={t('confirm.applies')} />
            </>
          )}
          <Text size="sm" c={confirming.body.reason === undefined ? 'dimmed' : undefined}>
            {confirming.body.reason === undefined
              ? t('confirm.noReason')
              : t('confirm.reason', { reason: confirming.body.reason })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(null)} disabled={busy}>
              {t('confirm.back')}
            </Button>
            <Button onClick={() => setPreviewing(true)} loading={busy}>
              {t('confirm.send')}
            </Button>
          </Group>
        </Stack>
      )}
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label={t('form.form')}
        style={confirming === null ? undefined : { display: 'none' }}
      >
        <Stack gap="sm">
          {/* Kept for a second admin: the values stay as typed, read only, under what waits and what applied. */}
          <fieldset disabled={kept !== null} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput label={t('form.name')} key={form.key('name')} {...form.getInputProps('name')} />
                <AmountInput
                  label={t('form.price')}
                  key={form.key('monthly_price')}
                  {...form.getInputProps('monthly_price')}
                />
                <AmountInput
                  label={t('form.roi')}
                  unit="%"
                  placeholder="0.5"
                  key={form.key('ROI_day')}
                  {...form.getInputProps('ROI_day')}
                />
                <AmountInput
                  label={t('form.bonus')}
                  unit="%"
                  placeholder="5"
                  key={form.key('Sponser_bonus')}
                  {...form.getInputProps('Sponser_bonus')}
                />
                <TextInput
                  label={t('form.period')}
                  inputMode="numeric"
                  key={form.key('plan_period')}
                  {...form.getInputProps('plan_period')}
                />
                <TextInput label={t('form.type')} key={form.key('type')} {...form.getInputProps('type')} />
              </SimpleGrid>
              <Textarea
                label={t('form.description')}
                autosize
                minRows={2}
                key={form.key('description')}
                {...form.getInputProps('description')}
              />
              <Switch
                label={t('form.open')}
                key={form.key('active')}
                {...form.getInputProps('active', { type: 'checkbox' })}
              />
              {economic && (
                <>
                  <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} p="xs">
                    <Text size="sm">{t('form.economicNote')}</Text>
                  </Alert>
                  <Textarea
                    label={t('form.reason')}
                    description={t('form.reasonHelp')}
                    autosize
                    minRows={2}
                    maxLength={500}
                    value={reason}
                    onChange={(e) => setReason(e.currentTarget.value)}
                  />
                </>
              )}
            </Stack>
          </fieldset>
          {kept !== null && (
            <Stack gap="sm" data-testid="plan-kept">
              <ApprovalPendingAlert pending={kept.pending} />
              {kept.pending.approval !== null && <ApprovalSimulation approvalId={kept.pending.approval.id} />}
              <Text size="sm" fw={600}>
                {plan === null ? t('kept.newPlan') : t('kept.waiting')}
              </Text>
              <PlanChangeTable changes={kept.waiting} label={t('kept.waiting')} testId="plan-kept-waiting" />
              {plan !== null && (
                <Text size="sm" fw={600} data-testid="plan-kept-applied-title">
                  {kept.applied.length === 0 ? t('kept.nothingApplied') : t('kept.applied')}
                </Text>
              )}
              {kept.applied.length > 0 && (
                <PlanChangeTable
                  changes={kept.applied}
                  label={t('kept.applied')}
                  testId="plan-kept-applied"
                />
              )}
            </Stack>
          )}
          {save.isError && !isApprovalPending(save.error) && (
            <ApiErrorAlert error={save.error} title={t('form.notSaved')} />
          )}
          {kept !== null ? (
            <Group justify="flex-end">
              <Button onClick={onClose}>{t('form.close')}</Button>
            </Group>
          ) : (
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={busy}>
                {t('form.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {plan === null ? t('form.create') : t('form.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      {plan !== null && (
        <SimulationPreviewDialog
          proposal={previewing && confirming !== null ? proposalOf(plan, confirming) : null}
          confirming={busy}
          onCancel={() => setPreviewing(false)}
          onConfirm={() => {
            setPreviewing(false);
            if (confirming !== null) save.mutate(confirming);
          }}
        />
      )}
    </Modal>
  );
}
