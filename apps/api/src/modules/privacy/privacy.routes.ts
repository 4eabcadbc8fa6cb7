import {
  MessageResponse,
  PrivacyCloseBody,
  PrivacyCloseState,
  PrivacyExportBody,
  PrivacyExportState,
} from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { PrivacyService } from './privacy.service';

/**
 * Members' data rights (decision 0077): a copy of their data (prepared, then downloaded as a zip) and closing the
 * account with erasure. Members only, from a signed-in session, with the password (or the authenticator code).
 */
export function privacyRoutes(app: App): void {
  const privacy = new PrivacyService(app.deps.db, app.deps.limiter);
  const tags = ['privacy'];
  const member = { access: 'member' as const };

  app.post(
    '/privacy/export',
    { config: member, schema: { tags, body: PrivacyExportBody, response: { 200: PrivacyExportState } } },
    async (request) => privacy.startExport(principalOf(request), request.body, request.ip),
  );
  app.get(
    '/privacy/export',
    { config: member, schema: { tags, response: { 200: PrivacyExportState } } },
    async (request) => privacy.exportState(principalOf(request).userId),
  );
  app.get('/privacy/export/download', { config: member, schema: { tags } }, async (request, reply) => {
    const { file, createdAt } = await privacy.download(principalOf(request).userId);
    return reply
      .header('content-type', 'application/zip')
      .header('cache-control', 'no-store')
      .header(
        'content-disposition',
        `attachment; filename="socialgenx-my-data-${createdAt.toISOString().slice(0, 10)}.zip"`,
      )
      .send(file);
  });
  app.get(
    '/privacy/close',
    { config: member, schema: { tags, response: { 200: PrivacyCloseState } } },
    async (request) => ({ blockers: await privacy.blockers(principalOf(request).userId) }),
  );
  app.post(
    '/privacy/close',
    { config: member, schema: { tags, body: PrivacyCloseBody, response: { 200: MessageResponse } } },
    async (request) => {
      await privacy.close(principalOf(request), request.body, request.ip);
      return { message: 'Your account is closed and your personal data erased.' };
    },
  );
}
