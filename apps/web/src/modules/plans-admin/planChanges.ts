import { type PlanRecord, planEconomicFields } from '@sgx/contracts';
import { tr } from '../../i18n/i18n';
import { plainDecimal, sameAmount } from '../../ui/moneyFormat';
import type { PlanInput } from './api/plansAdminApi';
import './i18n';

/**
 * A plan's edit split the way the API applies it (decision 0070): the economic fields (price, daily ROI, sponsor
 * bonus, period: the rules members earn under) wait for a second admin; the name, description, type and sale switch
 * apply at once.
 */
export type EconomicField = (typeof planEconomicFields)[number];
export type ImmediateField = 'name' | 'description' | 'type' | 'active';
const immediateFields: readonly ImmediateField[] = ['name', 'description', 'type', 'active'];

export interface PlanFieldChange<F extends string = EconomicField | ImmediateField> {
  field: F;
  /** As the admin reads it ("0.5%", "365 days"). */
  before: string;
  after: string;
}

const labelKey: Record<EconomicField | ImmediateField, string> = {
  monthly_price: 'form.price',
  ROI_day: 'form.roi',
  Sponser_bonus: 'form.bonus',
  plan_period: 'form.period',
  name: 'form.name',
  description: 'form.description',
  type: 'form.type',
  active: 'form.open',
};

/** A plan field's name, in the admin's language. */
export const planFieldLabel = (field: EconomicField | ImmediateField): string =>
  tr(`plansAdmin:${labelKey[field]}`);

/** A plan field's value as the admin reads it: amounts without padding, percentages with %, the period in days. */
export function planFieldText(
  field: EconomicField | ImmediateField,
  value: string | number | boolean,
): string {
  switch (field) {
    case 'monthly_price':
      return plainDecimal(String(value));
    case 'ROI_day':
    case 'Sponser_bonus':
      return `${plainDecimal(String(value))}%`;
    case 'plan_period':
      return tr('plansAdmin:table.days', { n: String(value) });
    case 'active':
      return tr(value === true ? 'plansAdmin:table.isOpen' : 'plansAdmin:table.isClosed');
    default:
      return String(value);
  }
}

const sameValue = (field: EconomicField | ImmediateField, a: unknown, b: unknown): boolean => {
  if (field === 'monthly_price' || field === 'ROI_day' || field === 'Sponser_bonus') {
    return String(a) === String(b) || sameAmount(String(a), String(b));
  }
  if (field === 'plan_period') return Number(a) === Number(b);
  return a === b;
};

function changesOf<F extends EconomicField | ImmediateField>(
  fields: readonly F[],
  plan: PlanRecord,
  body: PlanInput,
): PlanFieldChange<F>[] {
  return fields
    .filter((f) => !sameValue(f, plan[f], body[f]))
    .map((f) => ({ field: f, before: planFieldText(f, plan[f]), after: planFieldText(f, body[f]) }));
}

/** The economic fields an edit changes, old and new: these wait for a second admin. */
export const economicChanges = (plan: PlanRecord, body: PlanInput): PlanFieldChange<EconomicField>[] =>
  changesOf(planEconomicFields, plan, body);

/** The other fields an edit changes: these apply at once. */
export const immediateChanges = (plan: PlanRecord, body: PlanInput): PlanFieldChange<ImmediateField>[] =>
  changesOf(immediateFields, plan, body);

/**
 * What PUT /plans/:id is sent for an edit: only the fields that change (so what "applied" means is exactly what
 * changed), and the reason when an economic field waits for a second admin.
 */
export function editBody(
  plan: PlanRecord,
  body: PlanInput,
  reason: string,
): Partial<PlanInput> & { reason?: string } {
  const changed = [...economicChanges(plan, body), ...immediateChanges(plan, body)].map((c) => c.field);
  const out: Partial<PlanInput> & { reason?: string } = Object.fromEntries(changed.map((f) => [f, body[f]]));
  const economic = changed.some((f) => (planEconomicFields as readonly string[]).includes(f));
  if (economic && reason.trim() !== '') out.reason = reason.trim();
  return out;
}

/** A new plan's name and economic terms, as the admin reads them (what waits when creating it needs a second admin). */
export const newPlanTerms = (body: PlanInput): PlanFieldChange[] =>
  (['name', ...planEconomicFields] as const).map((f) => ({
    field: f,
    before: '',
    after: planFieldText(f, body[f]),
  }));
