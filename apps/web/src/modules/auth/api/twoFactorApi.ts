import {
  MessageResponse,
  RecoveryCodesResponse,
  type TwoFactorConfirmBody,
  TwoFactorConfirmResponse,
  type TwoFactorDisableBody,
  TwoFactorEnrolResponse,
  TwoFactorStatusResponse,
  TwoFactorVerifyResponse,
} from '@sgx/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';
import { useAppDispatch } from '../../../app/hooks';
import { persistor } from '../../../app/store';
import { secondFactorChanged, tokenRenewed } from '../authSlice';

/** Two-factor sign-in (decision 0023): the calls of the code step, the enrolment and the security pages. */
export const twoFactorKeys = {
  status: ['auth', 'two-factor'] as const,
  enrolment: ['auth', 'two-factor', 'enrolment'] as const,
};

/** GET /auth/2fa: whether the account has two-factor on, must have it, and what the session owes. */
export function useTwoFactorStatus(enabled = true) {
  return useQuery({
    queryKey: twoFactorKeys.status,
    queryFn: ({ signal }) => apiRequest('/auth/2fa', { schema: TwoFactorStatusResponse, signal }),
    enabled,
  });
}

/**
 * POST /auth/2fa/enrol: a new secret (not in force until confirmed). One call per showing of the enrolment:
 * the answer is dropped when the enrolment leaves the screen, so showing it again makes a new secret.
 */
export function useEnrolment() {
  return useQuery({
    queryKey: twoFactorKeys.enrolment,
    queryFn: () => apiRequest('/auth/2fa/enrol', { method: 'POST', schema: TwoFactorEnrolResponse }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

/**
 * POST /auth/2fa/confirm: the first code from the app (and, from the security page, the password) turns
 * two-factor on; the recovery codes come back once, and the account's other sessions end. An admin's first
 * sign-in ('enrol') continues under the new token the answer carries, stored before anything else is asked
 * (the step itself is marked passed once the recovery codes are saved: `passed`).
 */
export function useConfirmEnrolment() {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TwoFactorConfirmBody) => {
      const res = await apiRequest('/auth/2fa/confirm', {
        method: 'POST',
        body,
        schema: TwoFactorConfirmResponse,
      });
      if (res.token !== undefined) await renewed(dispatch, res.token);
      return res;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: twoFactorKeys.status, exact: true }),
  });
}

/**
 * POST /auth/2fa/verify: the code step after the password. Once passed, the session owes nothing and goes on
 * under the new token of the answer (the one signed in with no longer works): the guards let it through,
 * and reads refused before (403) are asked again.
 */
export function useVerifySecondFactor() {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      const res = await apiRequest('/auth/2fa/verify', {
        method: 'POST',
        body: { code },
        schema: TwoFactorVerifyResponse,
      });
      await renewed(dispatch, res.token);
      return res;
    },
    onSuccess: async () => {
      await passed(dispatch);
      void queryClient.invalidateQueries();
    },
  });
}

/** The session's new token (decision 0032), stored at once so that a reload keeps the session. */
async function renewed(dispatch: ReturnType<typeof useAppDispatch>, token: string) {
  dispatch(tokenRenewed(token));
  await persistor.flush();
}

/** The session passed its second factor: stored at once, so a reload does not ask again. */
export async function passed(dispatch: ReturnType<typeof useAppDispatch>) {
  dispatch(secondFactorChanged('ok'));
  await persistor.flush();
}

/** POST /auth/2fa/recovery-codes: a new set (the old one stops working), shown once. */
export function useNewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest('/auth/2fa/recovery-codes', {
        method: 'POST',
        body: { code },
        schema: RecoveryCodesResponse,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: twoFactorKeys.status, exact: true }),
  });
}

/** POST /auth/2fa/disable (members only): password and a code. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorDisableBody) =>
      apiRequest('/auth/2fa/disable', { method: 'POST', body, schema: MessageResponse }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: twoFactorKeys.status, exact: true }),
  });
}
