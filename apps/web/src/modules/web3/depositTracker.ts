import type { DepositRecord } from '@sgx/contracts';
import { web3Text } from './i18n';

export type TrackerPhase = 'waiting' | 'confirming' | 'credited' | 'refused' | 'manual' | 'declined';

export type StepState = 'done' | 'current' | 'todo' | 'failed';

export interface TrackerStep {
  key: 'sent' | 'network' | 'confirmations' | 'result';
  label: string;
  state: StepState;
}

export interface TrackerView {
  phase: TrackerPhase;
  /** Nothing will change without a person: stop polling. */
  final: boolean;
  steps: TrackerStep[];
  /** Blocks on top of the transaction's block, and how many the chain needs (null while unknown). */
  confirmations: number | null;
  required: number | null;
  /** Why it was refused or declined, or what it waits for. */
  reason: string | null;
}

/** Where a deposit reported from the wallet stands; `deposit` is undefined until the server lists it. */
export function trackerView(
  deposit: DepositRecord | undefined,
  requiredFallback: number | null = null,
): TrackerView {
  const phase = trackerPhase(deposit);
  const required = deposit?.required_confirmations ?? requiredFallback;
  const confirmations = deposit?.confirmations ?? null;
  const reason = deposit === undefined ? null : phase === 'declined' ? deposit.note : deposit.chain_reason;
  const seen =
    phase === 'confirming' || phase === 'credited' || (confirmations !== null && confirmations > 0);
  const confirmationsLabel =
    required === null
      ? web3Text('tracker.confirmations')
      : web3Text('tracker.confirmationsOf', { count: Math.min(confirmations ?? 0, required), required });

  const steps: TrackerStep[] = [
    { key: 'sent', label: web3Text('tracker.stepSent'), state: 'done' },
    {
      key: 'network',
      label: web3Text('tracker.stepIncluded'),
      state: seen ? 'done' : phase === 'waiting' ? 'current' : 'todo',
    },
    {
      key: 'confirmations',
      label: confirmationsLabel,
      state: phase === 'credited' ? 'done' : phase === 'confirming' ? 'current' : 'todo',
    },
    { key: 'result', ...resultStep(phase) },
  ];
  return {
    phase,
    final: phase !== 'waiting' && phase !== 'confirming',
    steps,
    confirmations,
    required,
    reason: reason === null || reason.trim() === '' ? null : reason,
  };
}

export function trackerPhase(deposit: DepositRecord | undefined): TrackerPhase {
  if (deposit === undefined) return 'waiting';
  if (deposit.status === 'complete') return 'credited';
  if (deposit.status === 'decline') return 'declined';
  switch (deposit.chain_status) {
    case 'credited':
      return 'credited';
    case 'refused':
      return 'refused';
    case 'manual':
    case 'sanctions_held':
      return 'manual';
    case 'confirming':
      return 'confirming';
    default:
      return 'waiting';
  }
}

function resultStep(phase: TrackerPhase): Pick<TrackerStep, 'label' | 'state'> {
  switch (phase) {
    case 'credited':
      return { label: web3Text('tracker.stepCredited'), state: 'done' };
    case 'refused':
      return { label: web3Text('tracker.stepRefused'), state: 'failed' };
    case 'declined':
      return { label: web3Text('tracker.declined'), state: 'failed' };
    case 'manual':
      return { label: web3Text('tracker.stepManual'), state: 'current' };
    default:
      return { label: web3Text('tracker.stepCredited'), state: 'todo' };
  }
}
