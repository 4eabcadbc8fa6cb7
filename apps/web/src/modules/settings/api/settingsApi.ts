import { SettingsResponse, type UpdateSettingsBody } from '@sgx/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../app/api';

const settingsKey = ['settings'] as const;
const Saved = SettingsResponse.extend({ message: z.string() });

export function useSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => apiRequest('/settings', { schema: SettingsResponse, signal }),
    select: (d) => d.settings,
  });
}

/** PUT /settings {settings, reason}: only the changed keys; every change is audited with the reason. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingsBody) => apiRequest('/settings', { method: 'PUT', body, schema: Saved }),
    onSuccess: (res) => queryClient.setQueryData(settingsKey, { settings: res.settings }),
  });
}
