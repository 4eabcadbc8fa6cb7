import type { ChangePasswordBody, UpdateUserBody } from '@sgx/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';
import { contract, lazySchema } from '../../../app/lazySchema';

export interface UsersListParams {
  page: number;
  limit: number;
  search: string;
}

export const userKeys = {
  all: ['users'] as const,
  list: (p: UsersListParams) => ['users', 'list', p] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

const UpdateUserResponse = lazySchema((c) => c.MessageResponse.extend({ singleuser: c.UserRecord }));

export function useUsersList(params: UsersListParams) {
  return useQuery({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ page: String(params.page), limit: String(params.limit) });
      if (params.search !== '') qs.set('search', params.search);
      return apiRequest(`/users/list?${qs}`, { schema: contract('UsersListResponse'), signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: number | null) {
  return useQuery({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiRequest(`/users/${id}`, { schema: contract('SingleUserResponse'), signal }),
    select: (data) => data.singleuser,
    enabled: id !== null,
  });
}

export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) =>
      apiRequest(`/users/${id}`, { method: 'PUT', body, schema: UpdateUserResponse }),
    onSuccess: (res) => {
      queryClient.setQueryData(userKeys.detail(id), { singleuser: res.singleuser });
      void queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/users/${id}`, { method: 'DELETE', schema: contract('MessageResponse') }),
    onSuccess: (_res, id) => {
      queryClient.removeQueries({ queryKey: userKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}

export function useChangePassword(id: number) {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      apiRequest(`/users/${id}/password`, { method: 'PUT', body, schema: contract('MessageResponse') }),
  });
}
