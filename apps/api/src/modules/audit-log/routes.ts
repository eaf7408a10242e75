import {
  AuditLogEntry,
  AuditLogFilters,
  AuditLogPage,
  AuditLogQuery,
  auditLogExportSchema,
} from '@equip/domain/audit-log';
import { UuidParams } from '@equip/domain/common';
import type { ModuleRoutes } from '../../app-services.ts';
import { ADMINS, requireAuth, requireTenant } from '../../http/access.ts';
import { sendJsonText } from '../../http/json-text.ts';
import { sendExport, tableExportQuery } from '../../imports/export.ts';
import { takeExportTurn } from '../../imports/fairness.ts';

const tags = ['audit-log'];
const security = [{ bearerAuth: [] }];
// The organisation's whole history: for its IT owners and provider admins acting for it.
const admins = { access: { roles: ADMINS } };

export const auditLogRoutes: ModuleRoutes = (app, { database, auditLog }) => {
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
        summary:
          "The filtered audit log as CSV (or Excel with format=xlsx), in the caller's language: the event in words, its details as columns, an edit's changes",
        // The table's columns are fixed; the details' columns follow the events exported.
        querystring: AuditLogFilters.extend(tableExportQuery(auditLogExportSchema([])).shape),
      },
    },
    async (request, reply) => {
      const { format, separator, columns, ...filters } = request.query;
      const caller = requireAuth(request);
      // Words, dates and (unless asked) the separator follow the caller's language (German: semicolon).
      const asked = { format, separator, columns, acceptLanguage: request.headers['accept-language'] };
      await takeExportTurn(database.db, caller.organizationUuid);
      const file = await request.tenant((tx) => auditLog.exportFile(tx, caller, filters, asked));
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
