import { chainName } from '@sgx/chain';
import type { ProofOnchainBody } from '@sgx/contracts';
import type { Db } from '../../db';
import { badRequest, conflict, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';
import type { ChainsService } from '../chains/chains.service';
import { readTransactionInput } from '../chains/reader';

/**
 * The root written on chain (decision 0044): the operator sends a transaction whose data is a tree's
 * root from their wallet; an admin records its hash and the server keeps it only once the chain shows it mined,
 * successful, with the chain's confirmations, and its input exactly the root. Audited.
 */
export async function recordOnchain(
  db: Db,
  chains: ChainsService,
  actorId: bigint,
  body: ProofOnchainBody,
): Promise<bigint> {
  let q = db.selectFrom('proof_trees').select(['id', 'root', 'onchain_tx_hash']);
  q = body.day ? q.where('day', '=', body.day) : q.orderBy('day', 'desc').limit(1);
  const tree = await q.executeTakeFirst();
  if (!tree) throw notFound('There is no published proof for that day.');
  if (tree.onchain_tx_hash)
    throw conflict(`This proof's root is already recorded on chain (${tree.onchain_tx_hash}).`);
  const settings = await db
    .selectFrom('chain_settings')
    .select(['confirmations'])
    .where('chain_id', '=', body.chain_id)
    .executeTakeFirst();
  const client = chains.client(body.chain_id);
  if (!settings || !client)
    throw badRequest(`The server cannot read chain ${body.chain_id}: choose a chain it has a node for.`, {
      chain_id: ['The server has no node for this chain.'],
    });
  const name = chainName(body.chain_id);
  const hash = body.tx_hash.toLowerCase();
  const tx = await readTransactionInput(client, hash.slice(2));
  const refuse = (m: string) => badRequest(m, { tx_hash: [m] });
  if (!tx) throw refuse(`${name} does not know the transaction ${hash} (yet): send it, wait, and try again.`);
  if (!tx.read.found || !tx.read.succeeded) throw refuse(`The transaction ${hash} failed on ${name}.`);
  if (tx.read.confirmations < settings.confirmations)
    throw refuse(
      `The transaction has ${tx.read.confirmations} confirmations on ${name}; it needs ${settings.confirmations}. Try again shortly.`,
    );
  if (tx.input !== `0x${tree.root}`)
    throw refuse(`The transaction's data is not this proof's root (0x${tree.root}): nothing was recorded.`);
  await db.transaction().execute(async (t) => {
    await t
      .updateTable('proof_trees')
      .set({ onchain_chain_id: body.chain_id, onchain_tx_hash: hash, onchain_at: new Date() })
      .where('id', '=', tree.id)
      .where('onchain_tx_hash', 'is', null)
      .execute();
    await writeAudit(t, {
      actorId,
      action: 'proof.onchain',
      entity: 'proof_tree',
      entityId: tree.id,
      before: null,
      after: { chain_id: body.chain_id, tx_hash: hash, from: tx.from, root: tree.root },
    });
  });
  return tree.id;
}
