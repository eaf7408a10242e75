import {
  DepartmentPeople,
  DepartmentPeopleQuery,
  PersonApplication,
  PersonApplications,
} from '@equip/domain/bundle-installs';
import {
  ApplicationListQuery,
  ApplicationPage,
  BundleApplicationSettingsInput,
  BundleDetail,
  BundleEmployeeListQuery,
  BundleEmployeePage,
  BundleEmployeesRequest,
  BundleEmployeesResult,
  BundleListQuery,
  BundlePage,
  BundleSettings,
  BundleSuggestionQuery,
  BundleSuggestionResult,
  CreateBundleRequest,
  SetBundleApplicationsRequest,
  UpdateBundleRequest,
} from '@equip/domain/bundles';
import { NoContent, Uuid, UuidParams } from '@equip/domain/common';
import { z } from 'zod';
import type { ModuleRoutes } from '../../app-services.ts';
import { ADMINS, requireAuth, requireTenant } from '../../http/access.ts';
import { sendJsonText } from '../../http/json-text.ts';

const tags = ['bundles'];
const security = [{ bearerAuth: [] }];
// Bundles are administered by IT owners (and provider admins acting for the organisation).
const admins = { access: { roles: ADMINS } };
const BundleApplicationParams = z.object({ uuid: Uuid, applicationUuid: Uuid });

/** The bundle API (SPEC §7: `/bundle-api`, its own client in the browser). */
export const bundleRoutes: ModuleRoutes = (app, { database, bundles, jobs }) => {
  /** After a change that requested installs, uninstalls or offers (issue 29, item 5): the MDM jobs start now. */
  const effected = async <T>(work: Promise<T>): Promise<T> => {
    const result = await work;
    jobs.kick('mdm.command');
    jobs.kick('mdm.offer');
    return result;
  };

  app.get(
    '/bundle-api/applications',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'The application catalog (text search, platforms, sources, sorting, paging)',
        querystring: ApplicationListQuery,
        response: { 200: ApplicationPage },
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await bundles.listApplications(database.reads, requireTenant(request), request.query),
      ),
  );

  app.get(
    '/bundle-api/suggestions',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'A suggested bundle for the organisation, a department or some people, from what their devices have installed (it-2871-suggested-bundles)',
        querystring: BundleSuggestionQuery,
        response: { 200: BundleSuggestionResult },
      },
    },
    (request) => request.tenant((tx) => bundles.suggest(tx, requireAuth(request), request.query)),
  );

  app.get(
    '/bundle-api/settings',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: "The organisation's default management mode of applications (decision 028)",
        response: { 200: BundleSettings },
      },
    },
    (request) => request.tenant((tx) => bundles.settings(tx, requireAuth(request))),
  );

  app.put(
    '/bundle-api/settings',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Set the default management mode new applications in bundles take',
        body: BundleSettings,
        response: { 200: BundleSettings },
      },
    },
    (request) => request.tenant((tx) => bundles.updateSettings(tx, requireAuth(request), request.body)),
  );

  app.get(
    '/bundle-api/bundles',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          "The organisation's bundles with their applications and people counted (search, sorting, paging)",
        querystring: BundleListQuery,
        response: { 200: BundlePage },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, await bundles.list(database.reads, requireTenant(request), request.query)),
  );

  app.post(
    '/bundle-api/bundles',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: "Create a bundle with its applications and people (a name is the organisation's once)",
        body: CreateBundleRequest,
        response: { 201: BundleDetail },
      },
    },
    async (request, reply) => {
      const created = await effected(
        request.tenant((tx) => bundles.create(tx, requireAuth(request), request.body)),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/bundle-api/bundles/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'One bundle with its applications (their settings and what the rules derive) and people',
        params: UuidParams,
        response: { 200: BundleDetail },
      },
    },
    (request) => request.tenant((tx) => bundles.get(tx, requireAuth(request), request.params.uuid)),
  );

  app.patch(
    '/bundle-api/bundles/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Rename a bundle or change its description',
        params: UuidParams,
        body: UpdateBundleRequest,
        response: { 200: BundleDetail },
      },
    },
    (request) =>
      request.tenant((tx) => bundles.update(tx, requireAuth(request), request.params.uuid, request.body)),
  );

  app.delete(
    '/bundle-api/bundles/:uuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Delete a bundle (its people are left without one)',
        params: UuidParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await effected(request.tenant((tx) => bundles.remove(tx, requireAuth(request), request.params.uuid)));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/bundle-api/bundles/:uuid/applications',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: "Set the bundle's applications and their settings (those left out leave the bundle)",
        params: UuidParams,
        body: SetBundleApplicationsRequest,
        response: { 200: BundleDetail },
      },
    },
    (request) =>
      effected(
        request.tenant((tx) =>
          bundles.setApplications(tx, requireAuth(request), request.params.uuid, request.body),
        ),
      ),
  );

  app.put(
    '/bundle-api/bundles/:uuid/applications/:applicationUuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          "Add an application to the bundle or change its settings (left out: the organisation's default mode)",
        params: BundleApplicationParams,
        body: BundleApplicationSettingsInput,
        response: { 200: BundleDetail },
      },
    },
    (request) =>
      effected(
        request.tenant((tx) =>
          bundles.putApplication(
            tx,
            requireAuth(request),
            request.params.uuid,
            request.params.applicationUuid,
            request.body,
          ),
        ),
      ),
  );

  app.delete(
    '/bundle-api/bundles/:uuid/applications/:applicationUuid',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Take an application out of the bundle',
        params: BundleApplicationParams,
        response: { 200: BundleDetail },
      },
    },
    (request) =>
      effected(
        request.tenant((tx) =>
          bundles.removeApplication(
            tx,
            requireAuth(request),
            request.params.uuid,
            request.params.applicationUuid,
          ),
        ),
      ),
  );

  app.get(
    '/bundle-api/bundles/:uuid/employees',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: "The bundle's people (search, sorting, paging)",
        params: UuidParams,
        querystring: BundleEmployeeListQuery,
        response: { 200: BundleEmployeePage },
      },
    },
    async (request, reply) =>
      sendJsonText(
        reply,
        await bundles.employees(database.reads, requireTenant(request), request.params.uuid, request.query),
      ),
  );

  app.post(
    '/bundle-api/bundles/:uuid/employees',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Assign people to the bundle; someone in another bundle moves to this one (decision 028)',
        params: UuidParams,
        body: BundleEmployeesRequest,
        response: { 200: BundleEmployeesResult },
      },
    },
    (request) =>
      effected(
        request.tenant((tx) => bundles.assign(tx, requireAuth(request), request.params.uuid, request.body)),
      ),
  );

  app.post(
    '/bundle-api/bundles/:uuid/employees/unassign',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'Take people out of the bundle',
        params: UuidParams,
        body: BundleEmployeesRequest,
        response: { 200: BundleEmployeesResult },
      },
    },
    (request) =>
      effected(
        request.tenant((tx) => bundles.unassign(tx, requireAuth(request), request.params.uuid, request.body)),
      ),
  );
  app.get(
    '/bundle-api/employees/:uuid/applications',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          "A person's bundle and where each of its applications stands on their devices (pending, installed, failed with the reason, offered, skipped)",
        params: UuidParams,
        response: { 200: PersonApplications },
      },
    },
    (request) =>
      request.tenant((tx) => bundles.personApplications(tx, requireAuth(request), request.params.uuid)),
  );

  app.get(
    '/bundle-api/people',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: "A department's people by name (up to 5,000), to assign a bundle to all of them",
        querystring: DepartmentPeopleQuery,
        response: { 200: DepartmentPeople },
      },
    },
    (request) => request.tenant((tx) => bundles.departmentPeople(tx, requireAuth(request), request.query)),
  );

  app.post(
    '/bundle-api/employees/:uuid/applications/:applicationUuid/install',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          "Install an application of the person's bundle on their devices now (one never requested, or again)",
        params: BundleApplicationParams,
        response: { 202: PersonApplication },
      },
    },
    async (request, reply) => {
      const status = await effected(
        request.tenant((tx) =>
          bundles.installForPerson(
            tx,
            requireAuth(request),
            request.params.uuid,
            request.params.applicationUuid,
          ),
        ),
      );
      return reply.status(202).send(status);
    },
  );
};
