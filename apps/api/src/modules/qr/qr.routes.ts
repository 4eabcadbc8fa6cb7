import { DepositAddressBody, DepositAddressesResponse, IdParam, MessageResponse } from '@sgx/contracts';
import { sql } from 'kysely';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';

/**
 * The platform's receiving addresses: one live TRC20 address, one live BEP20 address for every EVM chain,
 * and optionally one per EVM chain that overrides it there. Every change is audited.
 */
export function qrRoutes(app: App): void {
  const { db } = app.deps;
  const tags = ['deposit addresses'];
  const live = () =>
    db
      .selectFrom('deposit_addresses')
      .select(['id', 'currency', 'chain_id', 'address', 'label', 'created_at'])
      .where('deleted_at', 'is', null)
      .orderBy('currency')
      .orderBy('chain_id', 'desc')
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, id: Number(r.id), created_at: r.created_at.toISOString() })));

  app.get(
    '/qr',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: DepositAddressesResponse } } },
    async () => ({ addresses: await live() }),
  );
  app.post(
    '/qr/add',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        body: DepositAddressBody,
        response: { 201: DepositAddressesResponse.extend(MessageResponse.shape) },
      },
    },
    async (request, reply) => {
      const actor = principalOf(request).userId;
      const b = request.body;
      const chainId = b.currency === 'BEP20' ? (b.chain_id ?? null) : null;
      await db.transaction().execute(async (tx) => {
        // One change per chain at a time: two racing saves would both retire the old address and the
        // second insert would break the one-live-address index (a 500). The later save wins instead.
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`deposit_address:${b.currency}:${chainId ?? 'all'}`}))`.execute(
          tx,
        );
        const old = await tx
          .updateTable('deposit_addresses')
          .set({ deleted_at: new Date() })
          .where('currency', '=', b.currency)
          .where((eb) => (chainId === null ? eb('chain_id', 'is', null) : eb('chain_id', '=', chainId)))
          .where('deleted_at', 'is', null)
          .returning(['id', 'address'])
          .executeTakeFirst();
        const row = await tx
          .insertInto('deposit_addresses')
          .values({
            currency: b.currency,
            chain_id: chainId,
            address: b.address,
            label: b.label ?? null,
            created_by: actor,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeAudit(tx, {
          actorId: actor,
          action: 'deposit_address.set',
          entity: 'deposit_address',
          entityId: row.id,
          before: old ?? null,
          after: { currency: b.currency, chain_id: chainId, address: b.address },
          reason: b.reason,
        });
      });
      return reply
        .status(201)
        .send({ message: `${b.currency} deposit address saved`, addresses: await live() });
    },
  );
  app.delete(
    '/qr/:id',
    { config: { access: 'admin' }, schema: { tags, params: IdParam, response: { 200: MessageResponse } } },
    async (request) => {
      const actor = principalOf(request).userId;
      await db.transaction().execute(async (tx) => {
        const row = await tx
          .updateTable('deposit_addresses')
          .set({ deleted_at: new Date() })
          .where('id', '=', BigInt(request.params.id))
          .where('deleted_at', 'is', null)
          .returning(['id', 'currency', 'address'])
          .executeTakeFirst();
        if (!row) throw notFound('Address not found.');
        await writeAudit(tx, {
          actorId: actor,
          action: 'deposit_address.delete',
          entity: 'deposit_address',
          entityId: row.id,
          before: row,
        });
      });
      return { message: 'Deposit address removed' };
    },
  );
}
