import type { RegisterBody, SignInBody } from '@sgx/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../app/apiError';
import { useAppDispatch } from '../../../app/hooks';
import type { AppDispatch } from '../../../app/store';
import { persistor } from '../../../app/store';
import { signedIn, signedOut } from '../authSlice';
import { signOutRequested } from '../sessionEnd';
import { useSession } from './useSession';

/**
 * The auth calls (and the contracts that check their answers) load when one is made, not with the page.
 * A failed download reads as the network error any call gives.
 */
const authApi = () =>
  import('../api/authApi').catch(() => {
    throw new ApiError('Network error. Please check your connection and try again.', 0, 'NETWORK');
  });

/**
 * Stores the new session and writes it to local storage at once, so a reload straight after signing in
 * (before redux-persist's next scheduled write) does not lose it.
 */
async function remember(dispatch: AppDispatch, session: Parameters<typeof signedIn>[0]) {
  dispatch(signedIn(session));
  await persistor.flush();
}

export function useMemberSignIn() {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignInBody) => {
      const res = await (await authApi()).signInMember(body);
      queryClient.clear();
      await remember(dispatch, {
        auth: res.auth,
        admin: false,
        expireAt: res.expireAt,
        secondFactor: res.second_factor ?? 'ok',
      });
      return res;
    },
  });
}

export function useAdminSignIn() {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignInBody) => {
      const res = await (await authApi()).signInAdmin(body);
      queryClient.clear();
      await remember(dispatch, {
        auth: res.admin,
        admin: true,
        expireAt: res.expireAt,
        secondFactor: res.second_factor ?? 'ok',
      });
      return res;
    },
  });
}

export function useRegister() {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RegisterBody) => {
      const res = await (await authApi()).register(body);
      queryClient.clear();
      await remember(dispatch, {
        auth: res.auth,
        admin: false,
        expireAt: res.expireAt,
        secondFactor: res.second_factor ?? 'ok',
      });
      return res;
    },
  });
}

/**
 * Signs out on the server (revoking the token), then clears the session and the stored copy of it.
 * The local session ends even when the server call fails: the visitor asked to leave, so the sign-in
 * page says nothing of an ended session (and a 401 answered meanwhile is not one).
 */
export function useSignOut() {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: async () => {
      if (session === null) return;
      signOutRequested(session.role);
      try {
        const api = await authApi();
        await (session.role === 'admin' ? api.signOutAdmin() : api.signOutMember());
      } finally {
        dispatch(signedOut());
        await persistor.purge();
        queryClient.clear();
      }
    },
  });
}
