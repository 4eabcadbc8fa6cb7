import { approvalKinds } from '@sgx/contracts';
import { describe, expect, it } from 'vitest';
import { ApprovalRegistry } from '../modules/approvals/approvals.registry';
import { type ApprovalServices, approvalRegistrations } from './approvals';

// The composition only keeps the services in closures; none is called here.
const services = {
  withdrawals: {},
  settings: {},
  deposits: {},
  chains: {},
  qr: {},
  token: {},
  plans: {},
  simulations: {},
} as unknown as ApprovalServices;

const run = async () => undefined;

describe('approval registry (decision 0059)', () => {
  it('the composition registers exactly one action for every approval kind', () => {
    const registrations = approvalRegistrations(services);
    expect(Object.keys(registrations).sort()).toEqual([...approvalKinds].sort());
    for (const kind of approvalKinds) expect(registrations[kind].run).toBeTypeOf('function');
  });

  it('locks the subject row first for withdrawals, deposits and sanctions releases only, and refreshes settings after approving', () => {
    const registrations = approvalRegistrations(services);
    const locking = approvalKinds.filter((kind) => registrations[kind].lockSubject !== undefined);
    expect(locking.sort()).toEqual(['deposit', 'sanctions_release', 'withdrawal']);
    const after = approvalKinds.filter((kind) => registrations[kind].afterApproving !== undefined);
    expect(after).toEqual(['settings']);
    // A change of the economic rules waits for its simulation (decision 0069): the settings and plans only.
    const guarded = approvalKinds.filter((kind) => registrations[kind].beforeApproving !== undefined);
    expect(guarded.sort()).toEqual(['plan', 'settings']);
  });

  it('refuses to start with a kind that has no registered action, naming it', () => {
    const registry = new ApprovalRegistry();
    for (const kind of approvalKinds) if (kind !== 'token_price') registry.register(kind, { run });
    expect(() => registry.sealed()).toThrow('No approval action registered for kind(s): token_price.');
    expect(() => new ApprovalRegistry().sealed()).toThrow(approvalKinds.join(', '));
  });

  it('refuses a kind registered twice', () => {
    const registry = new ApprovalRegistry().register('debit', { run });
    expect(() => registry.register('debit', { run })).toThrow("Approval kind 'debit' is registered twice.");
  });
});
