import {
  IdParam,
  MessageResponse,
  ProofBuildResponse,
  ProofMeResponse,
  ProofOnchainBody,
  ProofResponse,
  ReserveAddressBody,
  ReserveAddressesResponse,
  ReserveAddressRecord,
  ReserveReadBody,
  ReserveReadResponse,
} from '@sgx/contracts';
import { formatUnits, parseUnits } from '@sgx/money';
import { freshReadOn } from '../../db/read-router';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { recordOnchain } from './proof.onchain';
import { ratioOf } from './proof.readings';
import { ReserveAddresses } from './proof.reserves';
import { PROOF_ALGORITHM, ProofService, utcDay } from './proof.service';

/**
 * Proof of liabilities and reserves (decision 0044): the published roots, totals and reserves (public),
 * a member's own inclusion proof (from the session), and the back-office: building today's tree now, the reserve
 * addresses proven by signature, reading a tree's reserves again and recording the root written on chain.
 */
export function proofRoutes(app: App): void {
  const proof = new ProofService(
    app.deps.db,
    app.deps.chains,
    (facts, message) => app.log.warn(facts, message),
    freshReadOn(app.deps.readRouter, app.deps.db),
  );
  const reserveAddresses = new ReserveAddresses(app.deps.db);
  const tags = ['proof'];
  const settings = { access: 'admin', permission: 'settings' } as const;

  app.get(
    '/proof',
    { config: { access: 'public' }, schema: { tags, response: { 200: ProofResponse } } },
    async () => {
      const { latest, history } = await proof.published();
      const totals = latest?.totals ?? { USD: '0.00000000', SGX: '0.00000000' };
      const r = latest ? await proof.reservesOfDay(latest.day) : { reserves: [], unavailable: [], total: 0n };
      return {
        algorithm: PROOF_ALGORITHM,
        day: latest?.day ?? null,
        cutoff: latest?.cutoff ?? null,
        root: latest?.root ?? null,
        totals,
        leaf_count: latest?.leaf_count ?? 0,
        onchain: latest?.onchain ?? null,
        reserves: r.reserves,
        reserves_total: formatUnits(r.total),
        ratio: ratioOf(r.total, parseUnits(totals.USD)),
        reserves_unavailable: r.unavailable,
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
    { config: settings, schema: { tags, response: { 200: ProofBuildResponse } } },
    async (request) => proof.buildDay(utcDay(new Date()), principalOf(request).userId),
  );

  app.get(
    '/admin/proof/reserves',
    { config: settings, schema: { tags, response: { 200: ReserveAddressesResponse } } },
    async () => reserveAddresses.list(),
  );

  app.post(
    '/admin/proof/reserves',
    {
      config: settings,
      schema: { tags, body: ReserveAddressBody, response: { 200: ReserveAddressRecord } },
    },
    async (request) => reserveAddresses.add(principalOf(request).userId, request.body),
  );

  app.delete(
    '/admin/proof/reserves/:id',
    { config: settings, schema: { tags, params: IdParam, response: { 200: MessageResponse } } },
    async (request) => {
      await reserveAddresses.remove(principalOf(request).userId, request.params.id);
      return { message: 'The reserve address was removed: it is no longer read for new proofs.' };
    },
  );

  app.post(
    '/admin/proof/reserves/read',
    { config: settings, schema: { tags, body: ReserveReadBody, response: { 200: ReserveReadResponse } } },
    async (request) => proof.rereadReserves(request.body.day),
  );

  app.post(
    '/admin/proof/onchain',
    { config: settings, schema: { tags, body: ProofOnchainBody, response: { 200: ProofBuildResponse } } },
    async (request) => {
      const id = await recordOnchain(app.deps.db, app.deps.chains, principalOf(request).userId, request.body);
      return { built: false, tree: await proof.treeOf(id) };
    },
  );
}
