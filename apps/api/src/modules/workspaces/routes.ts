import { NoContent } from '@equip/domain/common';
import { ApiErrorPayload } from '@equip/domain/errors';
import {
  Workspace,
  WorkspaceAuthorizeAnswer,
  WorkspaceAuthorizeQuery,
  WorkspaceGroupList,
  WorkspaceMembersChange,
  WorkspaceMembersResult,
  WorkspaceRules,
  WorkspaceState,
  WorkspaceTokenBody,
} from '@equip/domain/workspaces';
import type { FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../app-services.ts';
import { ADMINS, requireAuth } from '../../http/access.ts';
import type { InTenant } from './service.ts';

const tags = ['workspaces'];
const security = [{ bearerAuth: [] }];
// Those who connect the organisation's outside systems: its IT owners and provider admins for it.
const admins = { access: { roles: ADMINS } };

const inTenant =
  (request: FastifyRequest): InTenant =>
  (work) =>
    request.tenant(work);

/**
 * The organisation's workspace (issue 30 items 3 and 4, decision 033): connect Google Workspace or
 * Microsoft 365 with the OAuth code flow (SPEC §7 workspace token acquisition), test it again, remove it;
 * its groups with member counts, employees added and removed (SPEC §5, `groupIds` required), and the
 * auto-assignment rules.
 */
export const workspaceRoutes: ModuleRoutes = (app, { workspaces }) => {
  app.get(
    '/api/workspaces',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'The connected workspace (provider, domain, status: ACTIVE, INVALID with the reason, INACTIVE), or null; whether the sandbox serves connections and which providers can be connected',
        response: { 200: WorkspaceState },
      },
    },
    (request) => request.tenant((tx) => workspaces.state(tx)),
  );

  app.get(
    '/api/workspaces/authorize',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          "The provider's consent page to send the person to (null in the sandbox); Google's licence and data-transfer scopes only while the flag unverified-google-oauth-scopes is on (unverifiedScopes says so)",
        querystring: WorkspaceAuthorizeQuery,
        response: { 200: WorkspaceAuthorizeAnswer, 422: ApiErrorPayload },
      },
    },
    (request) =>
      workspaces.authorize(request.query.providerKind, request.query.redirectUri, request.query.state),
  );

  app.post(
    '/api/workspaces/token',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Workspace token acquisition (SPEC §7): the code the consent page gave and the provider (providerKind). The code is exchanged, the workspace tested and its groups read before anything is saved; a refusal is a 422 with the provider’s reason. The refresh token is stored sealed, never answered. Connecting one provider removes the other’s workspace',
        body: WorkspaceTokenBody,
        response: { 200: Workspace, 201: Workspace, 422: ApiErrorPayload },
      },
    },
    async (request, reply) => {
      const { workspace, created } = await workspaces.connect(inTenant(request), requireAuth(request), {
        code: request.body.code,
        providerKind: request.body.providerKind,
        redirectUri: request.body.redirectUri ?? '',
      });
      return reply.status(created ? 201 : 200).send(workspace);
    },
  );

  app.post(
    '/api/workspaces/check',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Test the workspace again and read its groups (as the hourly check does): ACTIVE when it works, INVALID with the reason and the provider’s words when not',
        response: { 200: Workspace },
      },
    },
    (request) => workspaces.check(inTenant(request), requireAuth(request)),
  );

  app.delete(
    '/api/workspaces',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Disconnect the workspace: its stored token, groups and rules are removed (nothing changes in the workspace)',
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await request.tenant((tx) => workspaces.remove(tx, requireAuth(request)));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/workspaces/groups',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          "The workspace's groups by name: kind, member count, the employees Equip put in it, and the auto-assign issue (GroupKind, GroupSetting_DynamicMembership) when Equip cannot change its members",
        response: { 200: WorkspaceGroupList },
      },
    },
    (request) => request.tenant((tx) => workspaces.groups(tx)),
  );

  app.post(
    '/api/workspaces/groups/members',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Add employees to groups (groupIds required): per group the members added, or its auto-assign issue when the group cannot take members (it is left as it is). An unknown group or employee is a 404, nothing changed',
        body: WorkspaceMembersChange,
        response: { 200: WorkspaceMembersResult, 422: ApiErrorPayload },
      },
    },
    (request) => workspaces.changeMembers(inTenant(request), request.body, 'add'),
  );

  app.post(
    '/api/workspaces/groups/members/remove',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Remove employees from groups (groupIds required): per group the members removed, or its auto-assign issue. An unknown group or employee is a 404, nothing changed',
        body: WorkspaceMembersChange,
        response: { 200: WorkspaceMembersResult, 422: ApiErrorPayload },
      },
    },
    (request) => workspaces.changeMembers(inTenant(request), request.body, 'remove'),
  );

  app.get(
    '/api/workspaces/rules',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary: 'The auto-assignment rules: the groups (their ids) a new employee of each department joins',
        response: { 200: WorkspaceRules },
      },
    },
    (request) => request.tenant((tx) => workspaces.rules(tx)),
  );

  app.put(
    '/api/workspaces/rules',
    {
      config: admins,
      schema: {
        tags,
        security,
        summary:
          'Replace the auto-assignment rules (one per department; a department without groups has none). A group not in the workspace is a 404, nothing saved',
        body: WorkspaceRules,
        response: { 200: WorkspaceRules },
      },
    },
    (request) => request.tenant((tx) => workspaces.saveRules(tx, requireAuth(request), request.body)),
  );
};
