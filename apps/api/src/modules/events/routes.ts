import { AuditLogEntry, AuditLogFilters, AuditLogPage, AuditLogQuery } from '@equip/domain/audit-log';
import { UuidParams } from '@equip/domain/common';
import { ADMINS, requireAuth, requireTenant } from '../../http/access.ts';
import { sendJsonText } from '../../http/json-text.ts';
import { ExportFormatQuery, exportSeparator, firstLanguage, sendExport } from '../../imports/export.ts';
import type { ModuleRoutes } from '../../services.ts';
import { auditLogService as auditLog } from './audit-log.ts';

const tags = ['audit-log'];
const security = [{ bearerAuth: [] }];
// The organisation's whole history: for its IT owners and provider admins acting for it.
const admins = { access: { roles: ADMINS } };

export const auditLogRoutes: ModuleRoutes = (app, { database }) => {
  app.get(
    '/api/audit-log',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          "The organisation's events, newest first: filters by types, actor, subject and a range of instants (from inclusive, to exclusive)",
        querystring: AuditLogQuery,
        response: { 200: AuditLogPage },
      },
    },
    // Read through the lists' pipelined tenant read, like every list.
    async (request, reply) =>
      sendJsonText(reply, await auditLog.page(database.reads, requireTenant(request), request.query)),
  );

  app.get(
    '/api/audit-log/export',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'The filtered audit log as CSV (or Excel with format=xlsx)',
        querystring: AuditLogFilters.extend(ExportFormatQuery.shape),
      },
    },
    async (request, reply) => {
      const { format, separator, ...filters } = request.query;
      const caller = requireAuth(request);
      const options = {
        format,
        separator: exportSeparator(separator, firstLanguage(request.headers['accept-language'])),
      };
      const file = await request.tenant((tx) => auditLog.exportFile(tx, caller, filters, options));
      return sendExport(reply, 'audit-log', file);
    },
  );

  app.get(
    '/api/audit-log/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'One event of the organisation with its actor and subject names',
        params: UuidParams,
        response: { 200: AuditLogEntry },
      },
    },
    (request) => request.tenant((tx) => auditLog.one(tx, requireAuth(request), request.params.uuid)),
  );
};
