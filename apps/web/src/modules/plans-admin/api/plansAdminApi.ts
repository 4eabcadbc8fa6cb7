import { MemberPlansResponse, MessageResponse, PlanRecord, SettingsResponse } from '@sgx/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../app/api';

export const plansAdminKeys = {
  settings: ['money', 'settings'] as const,
  held: (qs: string) => ['money', 'held-plans', qs] as const,
};

/** The plan fields an admin edits; amounts and percentages as decimal text. */
export interface PlanInput {
  name: string;
  monthly_price: string;
  ROI_day: string;
  Sponser_bonus: string;
  plan_period: number;
  description: string;
  type: string;
  active: boolean;
}

const PlanSaved = z.object({ message: z.string(), plan: PlanRecord });
const SettingsSaved = SettingsResponse.extend(MessageResponse.shape);

/**
 * POST /plans/add: 201 with the plan while no member holds a plan; once members do, a new plan waits for a second
 * admin (decision 0070): the 202 is thrown as an ApprovalPendingError (app/api.ts).
 */
export function createPlan(body: PlanInput, key: string) {
  return apiRequest('/plans/add', { method: 'POST', body, schema: PlanSaved, idempotencyKey: key });
}

/**
 * PUT /plans/:id: the name, description, type and sale switch apply at once; a change of an economic field (price,
 * daily ROI, sponsor bonus, period) waits for a second admin with the reason given (decision 0070) and answers 202,
 * thrown as an ApprovalPendingError after the other fields applied.
 */
export function updatePlan(id: number, body: Partial<PlanInput> & { reason?: string }, key: string) {
  return apiRequest(`/plans/${id}`, { method: 'PUT', body, schema: PlanSaved, idempotencyKey: key });
}

export function deletePlan(id: number, key: string) {
  return apiRequest(`/plans/${id}`, { method: 'DELETE', schema: MessageResponse, idempotencyKey: key });
}

/** GET /settings (admin): the level percentages and unlock rules among them. */
export function useSettings() {
  return useQuery({
    queryKey: plansAdminKeys.settings,
    queryFn: ({ signal }) => apiRequest('/settings', { schema: SettingsResponse, signal }),
    select: (data) => data.settings,
  });
}

export function saveLevelPercents(body: { levels: string[]; reason: string }, key: string) {
  return apiRequest('/plans/addinvestlevel', {
    method: 'POST',
    body,
    schema: SettingsSaved,
    idempotencyKey: key,
  });
}

export function saveLevelUnlocks(body: { directs: number[]; reason: string }, key: string) {
  return apiRequest('/plans/addactivelevel', {
    method: 'POST',
    body,
    schema: SettingsSaved,
    idempotencyKey: key,
  });
}

/** GET /actplan/list (admin: every member's plans), status active | ended, search. */
export function useHeldPlans(qs: URLSearchParams) {
  const text = qs.toString();
  return useQuery({
    queryKey: plansAdminKeys.held(text),
    queryFn: ({ signal }) => apiRequest(`/actplan/list?${text}`, { schema: MemberPlansResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Ends a held plan; its principal goes back to the member's deposit wallet. */
export function endPlan(id: number, reason: string, key: string) {
  return apiRequest(`/actplan/${id}`, {
    method: 'PUT',
    body: { status: 'ended', reason },
    schema: MessageResponse,
    idempotencyKey: key,
  });
}
