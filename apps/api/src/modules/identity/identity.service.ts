import { createHash } from 'node:crypto';
import {
  IDENTITY_MIN_AGE,
  type IdentityLevel1Fields,
  type IdentityLevel2Fields,
  type IdentityLevelView,
  type IdentityQueueItem,
  type IdentityStatusResponse,
  type IdentitySubmissionDetail,
  type IdentitySubmissionState,
} from '@sgx/contracts';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { Principal } from '../../http/principal';
import { writeAudit } from '../audit/audit.repo';
import { assertCountryServed } from '../identity-limits/country';
import type { SettingsService } from '../settings/settings.service';
import { type DocumentKeys, openWithKeys, sealDocument } from './documents.crypto';
import type { DocumentFile } from './documents.form';
import { type DecidedBy, decideSubmission, type IdentityDecision } from './identity.decide';
import { identityProviders, type ProviderDecision, webhookProvider } from './providers';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const openStates = ['submitted', 'rejection_pending'] as const;

/** Is someone born on `dob` (YYYY-MM-DD) at least `years` old on `today` (UTC)? */
export function isAdult(dob: string, today: Date, years = IDENTITY_MIN_AGE): boolean {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  const born = new Date(Date.UTC(y, m - 1, d));
  if (born.getUTCFullYear() !== y || born.getUTCMonth() !== m - 1 || born.getUTCDate() !== d) return false;
  const comeOfAge = new Date(Date.UTC(y + years, m - 1, d));
  return comeOfAge.getTime() <= today.getTime() && y >= 1900;
}

/**
 * Identity verification (decision 0074): members submit per level, compliance decides in the queue (or a provider
 * by its signed webhook), documents are sealed with AES-256-GCM before they reach PostgreSQL and opened only for a
 * compliance officer's audited view.
 */
export class IdentityService {
  private readonly providers: ReturnType<typeof identityProviders>;

  constructor(private readonly deps: { db: Db; settings: SettingsService; config: Config }) {
    this.providers = identityProviders(deps.config.identity.providerSecrets);
  }

  private get key(): Buffer {
    return this.deps.config.identity.documentsKey;
  }

  /** The current key and, during a rotation, the previous one: a document opens under the one that sealed it. */
  private get keys(): DocumentKeys {
    return { current: this.key, previous: this.deps.config.identity.previousDocumentsKey };
  }

  async status(memberId: bigint): Promise<IdentityStatusResponse> {
    const user = await this.deps.db
      .selectFrom('users')
      .select(['identity_level', 'country'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    const rows = await this.deps.db
      .selectFrom('identity_submissions')
      .select(['level', 'state', 'reason', 'submitted_at', 'decided_at'])
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .execute();
    const levels = [1, 2].map((level): IdentityLevelView => {
      const last = rows.find((r) => r.level === level);
      const approved =
        user.identity_level >= level || rows.some((r) => r.level === level && r.state === 'approved');
      const state = approved
        ? 'approved'
        : !last
          ? 'not_started'
          : last.state === 'rejected'
            ? 'rejected'
            : 'submitted';
      return {
        level,
        state,
        reason: state === 'rejected' ? (last?.reason ?? null) : null,
        submitted_at: iso(last?.submitted_at ?? null),
        decided_at: state === 'submitted' ? null : iso(last?.decided_at ?? null),
        can_submit:
          (state === 'not_started' || state === 'rejected') && (level === 1 || user.identity_level >= 1),
      };
    });
    return { identity_level: user.identity_level, country: user.country, levels };
  }

  async submitLevel1(memberId: bigint, f: IdentityLevel1Fields, documents: DocumentFile[]): Promise<bigint> {
    if (!isAdult(f.date_of_birth, new Date()))
      throw badRequest(`You must be at least ${IDENTITY_MIN_AGE} years old.`, {
        date_of_birth: [`You must be at least ${IDENTITY_MIN_AGE} years old.`],
      });
    // The one check of unserved countries (registration, profile and here): identity-limits/country.ts.
    assertCountryServed(await this.deps.settings.all(), f.country);
    return this.submit(memberId, 1, documents, {
      legal_name: f.legal_name,
      date_of_birth: f.date_of_birth,
      country: f.country,
    });
  }

  async submitLevel2(memberId: bigint, f: IdentityLevel2Fields, documents: DocumentFile[]): Promise<bigint> {
    return this.submit(memberId, 2, documents, {
      address_line1: f.address_line1,
      address_line2: f.address_line2 ?? null,
      city: f.city,
      postal_code: f.postal_code ?? null,
    });
  }

  /** One open submission per level (the partial unique index settles a race); the files sealed in its transaction. */
  private async submit(
    memberId: bigint,
    level: 1 | 2,
    documents: DocumentFile[],
    data: Record<string, string | null>,
  ): Promise<bigint> {
    return this.deps.db.transaction().execute(async (tx) => {
      const user = await tx
        .selectFrom('users')
        .select('identity_level')
        .where('id', '=', memberId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (user.identity_level >= level) throw conflict('This level is already approved.');
      if (level === 2 && user.identity_level < 1) throw conflict('Level 1 must be approved before level 2.');
      const open = await tx
        .selectFrom('identity_submissions')
        .select('id')
        .where('member_id', '=', memberId)
        .where('level', '=', level)
        .where('state', 'in', openStates)
        .executeTakeFirst();
      if (open) throw conflict('Your documents for this level are already waiting for review.');
      const { id } = await tx
        .insertInto('identity_submissions')
        .values({ member_id: memberId, level, ...data })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const doc of documents) {
        const sealed = sealDocument(this.key, id, doc.kind, doc.data);
        await tx
          .insertInto('identity_documents')
          .values({
            submission_id: id,
            kind: doc.kind,
            mime: doc.mime,
            size: doc.data.length,
            sha256: createHash('sha256').update(doc.data).digest(),
            ciphertext: sealed.ciphertext,
            iv: sealed.iv,
            auth_tag: sealed.authTag,
            key_id: sealed.keyId,
          })
          .execute();
      }
      return id;
    });
  }

  async queue(q: {
    state: 'open' | IdentitySubmissionState;
    after?: number | undefined;
    limit: number;
  }): Promise<{ submissions: IdentityQueueItem[]; next: number | null }> {
    const rows = await this.deps.db
      .selectFrom('identity_submissions as s')
      .innerJoin('users as u', 'u.id', 's.member_id')
      .select([
        's.id',
        's.member_id',
        'u.username',
        's.level',
        's.state',
        's.provider',
        's.submitted_at',
        's.reviewer_id',
      ])
      .$if(q.state === 'open', (qb) => qb.where('s.state', 'in', openStates))
      .$if(q.state !== 'open', (qb) => qb.where('s.state', '=', q.state as IdentitySubmissionState))
      .$if(q.after !== undefined, (qb) => qb.where('s.id', '>', BigInt(q.after ?? 0)))
      .orderBy('s.id')
      .limit(q.limit + 1)
      .execute();
    const page = rows.slice(0, q.limit).map((r) => ({
      id: Number(r.id),
      member_id: Number(r.member_id),
      username: r.username,
      level: r.level,
      state: r.state,
      provider: r.provider,
      submitted_at: r.submitted_at.toISOString(),
      reviewer_id: r.reviewer_id === null ? null : Number(r.reviewer_id),
    }));
    return { submissions: page, next: rows.length > q.limit ? (page.at(-1)?.id ?? null) : null };
  }

  async detail(id: bigint): Promise<IdentitySubmissionDetail> {
    const r = await this.deps.db
      .selectFrom('identity_submissions as s')
      .innerJoin('users as u', 'u.id', 's.member_id')
      .leftJoin('users as r', 'r.id', 's.reviewer_id')
      .selectAll('s')
      .select([
        'u.username',
        'u.fullname',
        'u.email',
        'u.country as member_country',
        'u.identity_level',
        'r.fullname as reviewer_name',
      ])
      .where('s.id', '=', id)
      .executeTakeFirst();
    if (!r) throw notFound('No such identity submission.');
    const documents = await this.deps.db
      .selectFrom('identity_documents')
      .select(['id', 'kind', 'mime', 'size', 'deleted_at'])
      .where('submission_id', '=', id)
      .orderBy('id')
      .execute();
    return {
      id: Number(r.id),
      member_id: Number(r.member_id),
      username: r.username,
      fullname: r.fullname,
      email: r.email,
      member_country: r.member_country,
      identity_level: r.identity_level,
      level: r.level,
      state: r.state,
      provider: r.provider,
      submitted_at: r.submitted_at.toISOString(),
      reviewer_id: r.reviewer_id === null ? null : Number(r.reviewer_id),
      reviewer_name: r.reviewer_name,
      second_reviewer_id: r.second_reviewer_id === null ? null : Number(r.second_reviewer_id),
      legal_name: r.legal_name,
      date_of_birth: r.date_of_birth,
      country: r.country,
      address_line1: r.address_line1,
      address_line2: r.address_line2,
      city: r.city,
      postal_code: r.postal_code,
      reason: r.reason,
      reviewed_at: iso(r.reviewed_at),
      decided_at: iso(r.decided_at),
      documents_deleted_at: iso(r.documents_deleted_at),
      documents: documents.map((d) => ({
        id: Number(d.id),
        kind: d.kind,
        mime: d.mime,
        size: d.size,
        deleted_at: iso(d.deleted_at),
      })),
    };
  }

  /** A document decrypted for a compliance officer; the view is in the audit trail before the bytes leave. */
  async document(
    principal: Principal,
    submissionId: bigint,
    docId: bigint,
  ): Promise<{ mime: string; data: Buffer }> {
    return this.deps.db.transaction().execute(async (tx) => {
      const d = await tx
        .selectFrom('identity_documents as d')
        .innerJoin('identity_submissions as s', 's.id', 'd.submission_id')
        .select([
          'd.id',
          'd.kind',
          'd.mime',
          'd.ciphertext',
          'd.iv',
          'd.auth_tag',
          'd.key_id',
          'd.sha256',
          's.member_id',
        ])
        .where('d.id', '=', docId)
        .where('d.submission_id', '=', submissionId)
        .executeTakeFirst();
      if (!d) throw notFound('No such identity document.');
      if (d.ciphertext === null) throw notFound('This document was deleted after its retention period.');
      const data = openWithKeys(this.keys, submissionId, d.kind, {
        ciphertext: d.ciphertext,
        iv: d.iv,
        authTag: d.auth_tag,
        keyId: d.key_id,
      });
      if (!createHash('sha256').update(data).digest().equals(d.sha256))
        throw new Error(`identity document ${d.id} does not match its SHA-256`);
      await writeAudit(tx, {
        actorId: principal.userId,
        action: 'identity_document.view',
        entity: 'identity_document',
        entityId: d.id,
        after: { submission_id: submissionId, member_id: d.member_id, kind: d.kind },
      });
      return { mime: d.mime, data };
    });
  }

  /** A compliance officer's decision in the queue: the one rule (decideSubmission). */
  decide(principal: Principal, submissionId: bigint, decision: IdentityDecision) {
    return this.deps.db
      .transaction()
      .execute((tx) =>
        decideSubmission(tx, submissionId, decision, { kind: 'staff', userId: principal.userId }),
      );
  }

  /**
   * A provider's signed decision: verified by its provider, then applied through the same rule. It decides the
   * member's open submission for that level, or one it opens for the provider (the provider holds the documents).
   * The same event id twice is applied once.
   */
  async providerDecision(
    name: string,
    signature: string | undefined,
    rawBody: Buffer,
  ): Promise<{ state: IdentitySubmissionState; duplicate: boolean }> {
    const provider = webhookProvider(this.providers, name);
    const event = provider.readDecision({ signature, rawBody, now: new Date() });
    return this.deps.db.transaction().execute(async (tx) => {
      const seen = await tx
        .selectFrom('identity_submissions')
        .select('state')
        .where('provider', '=', name)
        .where('provider_ref', '=', event.event_id)
        .executeTakeFirst();
      if (seen) return { state: seen.state, duplicate: true };
      const id = await this.providerSubmission(tx, name, event);
      const by: DecidedBy = { kind: 'provider', name };
      const decision: IdentityDecision =
        event.decision === 'approved'
          ? { outcome: 'approved' }
          : { outcome: 'rejected', reason: event.reason ?? 'Not approved by the identity provider.' };
      return { state: await decideSubmission(tx, id, decision, by), duplicate: false };
    });
  }

  private async providerSubmission(tx: Tx, name: string, event: ProviderDecision): Promise<bigint> {
    if (!/^[1-9]\d{0,18}$/.test(event.member)) throw notFound('No such member.');
    const member = await tx
      .selectFrom('users')
      .select('id')
      .where('id', '=', BigInt(event.member))
      .where('role', '=', 'user')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!member) throw notFound('No such member.');
    const open = await tx
      .selectFrom('identity_submissions')
      .select(['id', 'provider_ref'])
      .where('member_id', '=', member.id)
      .where('level', '=', event.level)
      .where('state', 'in', openStates)
      .forUpdate()
      .executeTakeFirst();
    if (open) {
      await tx
        .updateTable('identity_submissions')
        .set({ provider_ref: event.event_id })
        .where('id', '=', open.id)
        .where('provider_ref', 'is', null)
        .execute();
      return open.id;
    }
    const { id } = await tx
      .insertInto('identity_submissions')
      .values({ member_id: member.id, level: event.level, provider: name, provider_ref: event.event_id })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }
}
