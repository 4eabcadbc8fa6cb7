import type { RegisterBody, SignInBody } from '@sgx/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAppDispatch } from '../../../app/hooks';
import { persistor } from '../../../app/store';
import { register, signInAdmin, signInMember, signOutAdmin, signOutMember } from '../api/authApi';
import { signedIn, signedOut } from '../authSlice';
import { useSession } from './useSession';

export function useMemberSignIn() {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInBody) => signInMember(body),
    onSuccess: (res) => {
      queryClient.clear();
      dispatch(signedIn({ auth: res.auth, admin: false, expireAt: res.expireAt }));
    },
  });
}

export function useAdminSignIn() {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInBody) => signInAdmin(body),
    onSuccess: (res) => {
      queryClient.clear();
      dispatch(signedIn({ auth: res.admin, admin: true, expireAt: res.expireAt }));
    },
  });
}

export function useRegister() {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) => register(body),
    onSuccess: (res) => {
      queryClient.clear();
      dispatch(signedIn({ auth: res.auth, admin: false, expireAt: res.expireAt }));
    },
  });
}

/**
 * Signs out on the server (revoking the token), then clears the session and the stored copy of it.
 * The local session ends even when the server call fails: the visitor asked to leave.
 */
export function useSignOut() {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const session = useSession();
  return useMutation({
    mutationFn: async () => {
      if (session === null) return;
      try {
        await (session.role === 'admin' ? signOutAdmin() : signOutMember());
      } finally {
        dispatch(signedOut());
        await persistor.purge();
        queryClient.clear();
      }
    },
  });
}
