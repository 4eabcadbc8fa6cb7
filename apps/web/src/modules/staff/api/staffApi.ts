import type { StaffRoleName } from '@sgx/contracts/staff-grants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';
import { contract } from '../../../app/lazySchema';

/** Staff management (decision 0042): owners only; every change carries the owner's authenticator code. */
const keys = { list: ['staff'] as const };

export function useStaff() {
  return useQuery({
    queryKey: keys.list,
    queryFn: ({ signal }) => apiRequest('/admin/staff', { schema: contract('StaffListResponse'), signal }),
  });
}

function useStaffMutation<Body>(call: (body: Body) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.list }),
  });
}

export const useInviteStaff = () =>
  useStaffMutation((body: { email: string; fullname: string; roles: StaffRoleName[]; code: string }) =>
    apiRequest('/admin/staff/invitations', {
      method: 'POST',
      body,
      schema: contract('StaffInvitationResponse'),
    }),
  );

export type StaffChange =
  | { kind: 'roles'; id: number; roles: StaffRoleName[]; code: string; reason: string }
  | { kind: 'suspend'; id: number; code: string; reason: string }
  | { kind: 'restore'; id: number; code: string };

export const useChangeStaff = () =>
  useStaffMutation((c: StaffChange) => {
    const schema = contract('StaffMemberResponse');
    if (c.kind === 'roles')
      return apiRequest(`/admin/staff/${c.id}/roles`, {
        method: 'PUT',
        body: { roles: c.roles, code: c.code, ...(c.reason.trim() === '' ? {} : { reason: c.reason }) },
        schema,
      });
    if (c.kind === 'suspend')
      return apiRequest(`/admin/staff/${c.id}/suspend`, {
        method: 'POST',
        body: { code: c.code, reason: c.reason },
        schema,
      });
    return apiRequest(`/admin/staff/${c.id}/restore`, { method: 'POST', body: { code: c.code }, schema });
  });

/** Public: what an invitation link is for. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['staff-invitation', token],
    queryFn: ({ signal }) =>
      apiRequest(`/staff-invitations/${encodeURIComponent(token)}`, {
        schema: contract('InvitationView'),
        signal,
      }),
    enabled: /^[A-Za-z0-9_-]{20,100}$/.test(token),
    retry: false,
  });
}

export const useAcceptInvitation = () =>
  useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      apiRequest('/staff-invitations/accept', { method: 'POST', body, schema: contract('MessageResponse') }),
  });
