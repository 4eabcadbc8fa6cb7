import { ProofBuildResponse, ProofMeResponse, ProofResponse } from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { PROOF_ALGORITHM, ProofService, utcDay } from './proof.service';

/**
 * Proof of liabilities (issue 24, decision 0044): the published roots and totals (public), a member's own
 * inclusion proof (from the session), and building today's tree now (admins; the daily job does it otherwise).
 */
export function proofRoutes(app: App): void {
  const proof = new ProofService(app.deps.db);
  const tags = ['proof'];

  app.get(
    '/proof',
    { config: { access: 'public' }, schema: { tags, response: { 200: ProofResponse } } },
    async () => {
      const { latest, history } = await proof.published();
      return {
        algorithm: PROOF_ALGORITHM,
        day: latest?.day ?? null,
        cutoff: latest?.cutoff ?? null,
        root: latest?.root ?? null,
        totals: latest?.totals ?? { USD: '0.00000000', SGX: '0.00000000' },
        leaf_count: latest?.leaf_count ?? 0,
        onchain: latest?.onchain ?? null,
        // Reserves read on chain at the cut-off are not part of this yet.
        reserves: [],
        history,
      };
    },
  );

  app.get(
    '/proof/me',
    { config: { access: 'member' }, schema: { tags, response: { 200: ProofMeResponse } } },
    async (request) => {
      const { tree, balances, proof: path } = await proof.proofOf(principalOf(request).userId);
      return {
        algorithm: PROOF_ALGORITHM,
        day: tree.day,
        cutoff: tree.cutoff,
        root: tree.root,
        totals: tree.totals,
        leaf_count: tree.leaf_count,
        balances,
        proof: path,
      };
    },
  );

  app.post(
    '/admin/proof/build',
    {
      config: { access: 'admin', permission: 'settings' },
      schema: { tags, response: { 200: ProofBuildResponse } },
    },
    async (request) => proof.buildDay(utcDay(new Date()), principalOf(request).userId),
  );
}
