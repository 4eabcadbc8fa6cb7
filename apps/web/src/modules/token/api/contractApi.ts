import { UpdatePriceResponse } from '@sgx/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';
import { tokenText } from '../i18n';
import { TOKEN_ID } from '../tokenMath';
import { tokenKeys } from './tokenApi';

export const contractSaved = () => tokenText('contractForm.saved');
export const contractFailed = () => tokenText('contractForm.failed');

/** The setup checklist's query (its token contract item follows this address). */
const SETUP_KEY = ['admin', 'setup'] as const;

/** PUT /social-genx/contract (admin): sets the token's contract address, with the reason kept in the audit log. */
export function useSetContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (b: { address: string; reason: string }) =>
      apiRequest('/social-genx/contract', {
        method: 'PUT',
        body: { token_id: TOKEN_ID, contract_address: b.address, reason: b.reason },
        schema: UpdatePriceResponse,
      }),
    onSuccess: (r) => {
      queryClient.setQueryData(tokenKeys.info, { success: true as const, data: r.data });
      void queryClient.invalidateQueries({ queryKey: SETUP_KEY });
    },
  });
}
