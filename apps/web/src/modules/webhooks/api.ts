import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../app/api';
import { contract } from '../../app/lazySchema';

/** Owners' webhook endpoints (decision 0072). The secret is in the answers of create and rotate only. */
const keys = { list: ['webhooks'] as const, log: (id: number) => ['webhooks', 'log', id] as const };

export function useWebhooks() {
  return useQuery({
    queryKey: keys.list,
    queryFn: ({ signal }) =>
      apiRequest('/admin/webhooks', { schema: contract('WebhookListResponse'), signal }),
  });
}

export function useDeliveryLog(id: number | null) {
  return useQuery({
    queryKey: keys.log(id ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`/admin/webhooks/${id}/deliveries`, { schema: contract('WebhookLogResponse'), signal }),
    enabled: id !== null,
    // A ping or a redelivery shows up within a few seconds.
    refetchInterval: 2000,
  });
}

function useWebhookMutation<Arg, Out>(call: (arg: Arg) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.list }),
  });
}

export type NewEndpoint = { url: string; events: string[]; description: string; code: string };

export const useCreateWebhook = () =>
  useWebhookMutation((body: NewEndpoint) =>
    apiRequest('/admin/webhooks', { method: 'POST', body, schema: contract('WebhookSecretResponse') }),
  );

export const useEditWebhook = () =>
  useWebhookMutation(({ id, ...body }: { id: number; events: string[]; description: string }) =>
    apiRequest(`/admin/webhooks/${id}`, { method: 'PUT', body, schema: contract('WebhookEndpointResponse') }),
  );

export const useRotateWebhook = () =>
  useWebhookMutation(({ id, code }: { id: number; code: string }) =>
    apiRequest(`/admin/webhooks/${id}/rotate`, {
      method: 'POST',
      body: { code },
      schema: contract('WebhookSecretResponse'),
    }),
  );

export const useSetWebhookEnabled = () =>
  useWebhookMutation(({ id, enabled }: { id: number; enabled: boolean }) =>
    apiRequest(`/admin/webhooks/${id}/${enabled ? 'enable' : 'disable'}`, {
      method: 'POST',
      schema: contract('WebhookEndpointResponse'),
    }),
  );

export const useDeleteWebhook = () =>
  useWebhookMutation((id: number) =>
    apiRequest(`/admin/webhooks/${id}`, { method: 'DELETE', schema: contract('MessageResponse') }),
  );

export const usePingWebhook = () =>
  useWebhookMutation((id: number) =>
    apiRequest(`/admin/webhooks/${id}/ping`, { method: 'POST', schema: contract('MessageResponse') }),
  );

export function useRedeliver(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      apiRequest(`/admin/webhooks/${id}/deliveries/${deliveryId}/redeliver`, {
        method: 'POST',
        schema: contract('MessageResponse'),
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.log(id) }),
  });
}
