import { AuditEntry, AuditQuery, AuditResponse } from '@sgx/contracts';
import type { App } from '../../deps';
import { csvColumns, sendCsv } from '../../http/listing';
import { AUDIT_CSV_MAX, auditCsvRow, searchAudit } from './audit.search';

/** The audit trail (decision 0042): owner and compliance search who did what, to whom, when. */
export function auditRoutes(app: App): void {
  const columns = csvColumns(AuditEntry);
  app.get(
    '/admin/audit',
    {
      config: { access: 'admin', permission: 'audit' },
      schema: { tags: ['audit'], querystring: AuditQuery, response: { 200: AuditResponse } },
    },
    async (request, reply) => {
      const q = request.query;
      if (q.format === 'csv') {
        const { entries } = await searchAudit(app.deps.reads, q, AUDIT_CSV_MAX);
        return sendCsv(reply, 'audit', columns, entries.map(auditCsvRow));
      }
      return searchAudit(app.deps.reads, q);
    },
  );
}
