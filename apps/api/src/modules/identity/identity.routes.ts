import {
  IdentityDecisionResponse,
  IdentityDocumentParams,
  IdentityLevel1Fields,
  IdentityLevel2Fields,
  IdentityProviderParam,
  IdentityProviderResponse,
  IdentityQueueQuery,
  IdentityQueueResponse,
  IdentityRejectBody,
  IdentitySecondLookBody,
  IdentityStatusResponse,
  IdentitySubmissionResponse,
  IdentitySubmittedResponse,
  IdParam,
} from '@sgx/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { badRequest } from '../../http/errors';
import { readIdentityForm } from './documents.form';
import { IdentityService } from './identity.service';
import { SIGNATURE_HEADER } from './providers';

/** Decisions a provider may send per rate-limit window from one address (the route is public; the signature is checked after). */
const PROVIDER_CALLS_PER_WINDOW = 600;

/** Text fields of a multipart form against their zod schema, refused as a 400 naming each field. */
function fieldsOf<T>(schema: ZodType<T>, fields: Record<string, string>): T {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const details: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || 'form';
    details[key] = [...(details[key] ?? []), issue.message];
  }
  throw badRequest(parsed.error.issues[0]?.message ?? 'Check the form.', details);
}

/**
 * Identity verification (decision 0074): the member's levels and submissions, the compliance review queue and its
 * documents (owners and compliance officers only; the documents never to an API key), and the providers' webhook.
 */
export function identityRoutes(app: App): void {
  const { config, limiter } = app.deps;
  const identity = new IdentityService(app.deps);
  const tags = ['identity'];
  const member = { access: 'member' } as const;
  const compliance = { access: 'admin', permission: 'compliance' } as const;

  if (config.identity.developmentKey)
    app.addHook('onReady', async () => {
      app.log.warn(
        'Identity documents are encrypted with the fixed development key: set IDENTITY_DOCUMENTS_KEY (required in production)',
      );
    });

  // ---- the member
  app.get(
    '/identity',
    { config: member, schema: { tags, response: { 200: IdentityStatusResponse } } },
    (request) => identity.status(principalOf(request).userId),
  );
  app.post(
    '/identity/level1',
    {
      config: member,
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: IdentitySubmittedResponse } },
    },
    async (request, reply) => {
      const me = principalOf(request).userId;
      const { fields, documents } = await readIdentityForm(request, {
        document: { kind: 'id_document', pdf: false, message: 'Add a photo of your identity document.' },
        selfie: { kind: 'selfie', pdf: false, message: 'Add a selfie.' },
      });
      const id = await identity.submitLevel1(me, fieldsOf(IdentityLevel1Fields, fields), documents);
      return reply
        .status(201)
        .send({ message: 'Sent: compliance will review your documents.', submission_id: Number(id) });
    },
  );
  app.post(
    '/identity/level2',
    {
      config: member,
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: IdentitySubmittedResponse } },
    },
    async (request, reply) => {
      const me = principalOf(request).userId;
      const { fields, documents } = await readIdentityForm(request, {
        proof: { kind: 'address_proof', pdf: true, message: 'Add a proof of your address.' },
      });
      const id = await identity.submitLevel2(me, fieldsOf(IdentityLevel2Fields, fields), documents);
      return reply
        .status(201)
        .send({ message: 'Sent: compliance will review your documents.', submission_id: Number(id) });
    },
  );

  // ---- the compliance review queue
  app.get(
    '/admin/identity/submissions',
    {
      config: compliance,
      schema: { tags, querystring: IdentityQueueQuery, response: { 200: IdentityQueueResponse } },
    },
    (request) => identity.queue(request.query),
  );
  app.get(
    '/admin/identity/submissions/:id',
    { config: compliance, schema: { tags, params: IdParam, response: { 200: IdentitySubmissionResponse } } },
    async (request) => ({ submission: await identity.detail(BigInt(request.params.id)) }),
  );
  app.get(
    '/admin/identity/submissions/:id/documents/:docId',
    {
      // Never to an API key, whatever its scopes: a document is shown to a person, and each view is audited.
      config: { ...compliance, keyless: true },
      schema: {
        tags,
        params: IdentityDocumentParams,
        produces: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
      },
    },
    async (request, reply) => {
      const { id, docId } = request.params;
      const doc = await identity.document(principalOf(request), BigInt(id), BigInt(docId));
      return reply
        .header('content-type', doc.mime)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(doc.data);
    },
  );
  app.post(
    '/admin/identity/submissions/:id/approve',
    { config: compliance, schema: { tags, params: IdParam, response: { 200: IdentityDecisionResponse } } },
    async (request) => ({
      message: 'Approved: the member has this level now.',
      state: await identity.decide(principalOf(request), BigInt(request.params.id), { outcome: 'approved' }),
    }),
  );
  app.post(
    '/admin/identity/submissions/:id/reject',
    {
      config: compliance,
      schema: {
        tags,
        params: IdParam,
        body: IdentityRejectBody,
        response: { 200: IdentityDecisionResponse },
      },
    },
    async (request) => {
      const state = await identity.decide(principalOf(request), BigInt(request.params.id), {
        outcome: 'rejected',
        reason: request.body.reason,
      });
      return {
        message:
          state === 'rejection_pending'
            ? 'Rejection proposed: another compliance officer confirms or overturns it.'
            : 'Rejected: the member is told the reason.',
        state,
      };
    },
  );
  app.post(
    '/admin/identity/submissions/:id/second-look',
    {
      config: compliance,
      schema: {
        tags,
        params: IdParam,
        body: IdentitySecondLookBody,
        response: { 200: IdentityDecisionResponse },
      },
    },
    async (request) => {
      const state = await identity.decide(principalOf(request), BigInt(request.params.id), {
        outcome: request.body.decision,
      });
      return {
        message:
          state === 'approved'
            ? 'Rejection overturned: the level is approved.'
            : 'Rejection confirmed: the member is told the reason.',
        state,
      };
    },
  );

  // ---- an identity provider's signed decision (docs/identity.md): the raw body is what is signed.
  app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 65_536 },
      (_req, body, done) => done(null, body),
    );
    raw.withTypeProvider<ZodTypeProvider>().post(
      '/identity/providers/:name/webhook',
      {
        config: { access: 'public' },
        schema: { tags, params: IdentityProviderParam, response: { 200: IdentityProviderResponse } },
      },
      async (request) => {
        await limiter.hit(
          `identity-provider:ip:${request.ip}`,
          PROVIDER_CALLS_PER_WINDOW,
          config.rateLimits.windowMs,
        );
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers[SIGNATURE_HEADER];
        const r = await identity.providerDecision(
          request.params.name,
          typeof signature === 'string' ? signature : undefined,
          body,
        );
        return {
          message: r.duplicate ? 'Already applied.' : 'Decision applied.',
          state: r.state,
          duplicate: r.duplicate,
        };
      },
    );
  });
}
