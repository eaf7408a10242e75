import { randomBytes } from 'node:crypto';
import {
  type CreateScimTokenRequest,
  SCIM_BASE_PATH,
  SCIM_TOKEN_PREFIX,
  type ScimToken,
  type ScimTokenList,
  type ScimTokenWithSecret,
} from '@equip/domain/scim-tokens';
import SCIMMY from 'scimmy';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { AuthContext } from '../../http/access.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { logEvent } from '../audit-log/index.ts';
import { sha256 } from '../auth/index.ts';
import {
  addHrPerson,
  changeHrPerson,
  type HrPerson,
  type HrWriter,
  hrPeopleWhere,
} from '../employees/index.ts';
import { discardOffboardingDraft, draftOffboarding } from '../offboarding/index.ts';
import {
  deleteScimGroup,
  deleteScimUser,
  insertScimToken,
  listScimTokens,
  organizationOfScimToken,
  revokeScimToken,
  type ScimGroupRow,
  type ScimTokenRow,
  type ScimUserRow,
  saveScimGroup,
  scimGroupRows,
  scimUserByUserName,
  scimUserRows,
  scimUserRowsWhere,
  upsertScimUser,
} from './scim-queries.ts';
import { syncWriter } from './sync.ts';

/**
 * The SCIM 2.0 server (issue 30 item 6, decision 034). The protocol — schemas, filters, PATCH, list
 * responses, error messages, discovery — is SCIMMY's; this file gives it the organisation's data:
 * Users are the organisation's employees (written through the employees module under the grant rule,
 * as the HR sync writes them), Groups are the identity provider's groups in a table of their own.
 * A deactivated user (active=false) moves to offboarding, as the HR sync's leavers do; a deleted one
 * too, and it is no longer a SCIM resource (the IT owner finishes the offboarding in Equip).
 */

const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What every handler of one SCIM request gets: its tenant transaction and who writes. */
interface ScimContext {
  tx: Db;
  organizationUuid: string;
  writer: HrWriter;
}

/** A SCIM error (`urn:ietf:params:scim:api:messages:2.0:Error`) with its status and scimType. */
const scimError = (status: number, scimType: string | null, detail: string) =>
  new SCIMMY.Types.Error(status, scimType as string, detail);

/** A 404 that does not repeat the id asked for (the route walk looks for ids in every answer). */
const notFoundError = (kind: string, _id: string) => scimError(404, null, `${kind} not found`);

/** The SCIM body of an error of any kind; the status to answer it with. */
export function scimErrorBody(error: unknown): { status: number; body: Record<string, unknown> } | null {
  if (error instanceof SCIMMY.Types.Error || error instanceof SCIMMY.Messages.ErrorResponse) {
    const body = JSON.parse(JSON.stringify(new SCIMMY.Messages.ErrorResponse(error))) as Record<
      string,
      unknown
    >;
    return { status: Number(body.status), body };
  }
  if (error instanceof AppError) {
    const body = JSON.parse(
      JSON.stringify(
        new SCIMMY.Messages.ErrorResponse(
          scimError(error.status, error.status === 409 ? 'uniqueness' : null, error.message),
        ),
      ),
    ) as Record<string, unknown>;
    return { status: error.status, body };
  }
  return null;
}

/** A unique index refused the write: two requests provisioned the same userName at once. */
function isScimUniqueViolation(error: unknown): boolean {
  const cause =
    (error as { cause?: { code?: string; constraint?: string; constraint_name?: string } }).cause ??
    (error as { code?: string; constraint?: string; constraint_name?: string });
  const constraint = cause?.constraint ?? cause?.constraint_name;
  return cause?.code === '23505' && (constraint === undefined || constraint.startsWith('scim_'));
}

/** A SCIM error body built from a status, for answers the framework gives (401, 400 on bad JSON, 500). */
export function scimErrorOf(status: number, detail: string, scimType?: string): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(new SCIMMY.Messages.ErrorResponse(scimError(status, scimType ?? null, detail))),
  ) as Record<string, unknown>;
}

/** Entra ID sends `"active": "True"`; the schema's boolean takes only true and false. */
function withBooleanActive<T>(body: T): T {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    const key = Object.keys(record).find((k) => k.toLowerCase() === 'active');
    if (key && typeof record[key] === 'string') {
      const word = (record[key] as string).toLowerCase();
      if (word === 'true' || word === 'false') return { ...record, [key]: word === 'true' } as T;
    }
  }
  return body;
}

/**
 * Patch operations as the identity providers send them, made what SCIMMY applies as RFC 7644 §3.5.2
 * says: `"value": "False"` for active (Entra ID) becomes a boolean, Entra's extra `name` goes, and a
 * replace without a path splits its multi-valued attributes into replaces with their path (SCIMMY would
 * append them to the old values, leaving two primary emails).
 */
function normalisedPatch(body: unknown) {
  const message = (body ?? {}) as { schemas?: string[]; Operations?: unknown };
  const operations = (Array.isArray(message.Operations) ? message.Operations : []) as unknown[];
  return {
    schemas: message.schemas as [typeof SCIMMY.Messages.PatchOp.id],
    Operations: operations.flatMap((operation) => {
      if (!operation || typeof operation !== 'object') return [operation];
      const { name: _name, ...rest } = operation as Record<string, unknown>;
      const path = typeof rest.path === 'string' ? rest.path : undefined;
      if (path?.toLowerCase() === 'active' && typeof rest.value === 'string')
        return [{ ...rest, value: rest.value.toLowerCase() === 'true' }];
      if (path !== undefined || !rest.value || typeof rest.value !== 'object' || Array.isArray(rest.value))
        return [rest];
      const value = withBooleanActive(rest.value as Record<string, unknown>);
      const isReplace = typeof rest.op === 'string' && rest.op.toLowerCase() === 'replace';
      const lists = isReplace ? Object.entries(value).filter(([, v]) => Array.isArray(v)) : [];
      const others = Object.fromEntries(Object.entries(value).filter(([k]) => !lists.some(([l]) => l === k)));
      return [
        ...lists.map(([attribute, list]) => ({ op: rest.op, path: attribute, value: list })),
        ...(Object.keys(others).length > 0 || lists.length === 0 ? [{ ...rest, value: others }] : []),
      ];
    }),
  } as ConstructorParameters<typeof SCIMMY.Messages.PatchOp>[0] & object;
}

type ScimUser = {
  id: string;
  userName: string;
  externalId?: string;
  active: boolean;
  displayName: string;
  name: { givenName: string; familyName: string; formatted: string };
  emails: { value: string; type: string; primary: boolean }[];
  phoneNumbers?: { value: string; type: string }[];
  title?: string;
  [ENTERPRISE]?: { department: string };
  meta: { created: Date; lastModified: Date };
};

function scimUserOf(link: ScimUserRow, person: HrPerson): ScimUser {
  const name = `${person.firstName} ${person.lastName}`.trim();
  return {
    id: person.uuid,
    userName: link.userName,
    ...(link.externalId ? { externalId: link.externalId } : {}),
    active: link.active,
    displayName: name,
    name: { givenName: person.firstName, familyName: person.lastName, formatted: name },
    emails: [{ value: person.email, type: 'work', primary: true }],
    ...(person.phone ? { phoneNumbers: [{ value: person.phone, type: 'work' }] } : {}),
    ...(person.position ? { title: person.position } : {}),
    ...(person.department ? { [ENTERPRISE]: { department: person.department } } : {}),
    meta: { created: link.createdAt, lastModified: link.updatedAt },
  };
}

/** The provisioned people (all, or these), as SCIM users. */
async function scimUsersOf(
  ctx: ScimContext,
  which?: readonly string[] | { userName: string } | { externalId: string },
): Promise<ScimUser[]> {
  const links =
    which === undefined || Array.isArray(which)
      ? await scimUserRows(ctx.tx, which as readonly string[] | undefined)
      : await scimUserRowsWhere(ctx.tx, which as { userName: string } | { externalId: string });
  const people = new Map(
    (await hrPeopleWhere(ctx.tx, ctx.organizationUuid, { uuids: links.map((l) => l.userUuid) })).map((p) => [
      p.uuid,
      p,
    ]),
  );
  return links.flatMap((link) => {
    const person = people.get(link.userUuid);
    return person ? [scimUserOf(link, person)] : [];
  });
}

/** What a SCIM user's attributes say of the employee. */
interface IncomingUser {
  userName: string;
  externalId: string | null;
  active: boolean;
  email: string;
  firstName: string;
  lastName: string;
  position?: string | null;
  phone?: string | null;
  department?: string | null;
}

type ScimInstance = Record<string, unknown> & {
  userName?: string;
  externalId?: string;
  active?: boolean;
  displayName?: string;
  name?: { givenName?: string; familyName?: string; formatted?: string };
  emails?: { value?: string; primary?: boolean; type?: string }[];
  phoneNumbers?: { value?: string; primary?: boolean; type?: string }[];
  title?: string;
};

function incomingUser(instance: ScimInstance): IncomingUser {
  const userName = instance.userName?.trim() ?? '';
  const emails = (instance.emails ?? []).filter((e) => e.value);
  const email = (emails.find((e) => e.primary) ?? emails.find((e) => e.type === 'work') ?? emails[0])?.value;
  const address = email ?? (userName.includes('@') ? userName : null);
  if (!address)
    throw scimError(400, 'invalidValue', 'A user needs an email (emails, or a userName that is one)');
  const words = (instance.displayName ?? instance.name?.formatted ?? '').trim().split(/\s+/).filter(Boolean);
  const firstName = instance.name?.givenName?.trim() || words[0] || userName.split('@')[0] || address;
  const lastName = instance.name?.familyName?.trim() || words.slice(1).join(' ') || '';
  const phones = (instance.phoneNumbers ?? []).filter((p) => p.value);
  const phone = (phones.find((p) => p.primary) ?? phones.find((p) => p.type === 'work') ?? phones[0])?.value;
  const enterprise = instance[ENTERPRISE] as { department?: string } | undefined;
  return {
    userName,
    externalId: instance.externalId ?? null,
    active: instance.active ?? true,
    email: address,
    firstName,
    lastName,
    ...(instance.title !== undefined ? { position: instance.title || null } : {}),
    ...(phone !== undefined ? { phone } : {}),
    ...(enterprise?.department !== undefined ? { department: enterprise.department || null } : {}),
  };
}

const today = () => new Date().toISOString().slice(0, 10);

/** Applies a user's attributes to the employee; deactivation starts the offboarding, as the HR sync's leavers. */
async function applyUser(ctx: ScimContext, person: HrPerson, wasActive: boolean, user: IncomingUser) {
  const { userName: _u, externalId: _e, active, ...values } = user;
  const leaves =
    wasActive && !active && person.employeeStatus !== 'OFFBOARDING' && person.employeeStatus !== 'INACTIVE';
  const returns = !wasActive && active && person.employeeStatus === 'OFFBOARDING';
  const lastDate = person.lastDate ?? today();
  await changeHrPerson(ctx.tx, ctx.writer, person, {
    ...values,
    ...(leaves ? { employeeStatus: 'OFFBOARDING' as const, lastDate } : {}),
    ...(returns ? { employeeStatus: 'ACTIVE' as const, lastDate: null } : {}),
  });
  // The deactivated person's draft offboarding (decision 038); reactivated, the draft goes again.
  if (leaves)
    await draftOffboarding(ctx.tx, {
      organizationUuid: ctx.organizationUuid,
      userUuid: person.uuid,
      lastDayOfWork: lastDate,
      origin: 'scim',
      provider: null,
      submission: {
        userUuid: person.uuid,
        lastDayOfWork: lastDate,
        scim: { userName: user.userName, externalId: user.externalId },
      },
    });
  if (returns) await discardOffboardingDraft(ctx.tx, person.uuid);
}

async function ingressUser(
  id: string | undefined,
  instance: ScimInstance,
  ctx: ScimContext,
): Promise<ScimUser> {
  const user = incomingUser(instance);
  let sameName = await scimUserByUserName(ctx.tx, user.userName);
  // A person removed in Equip leaves their link behind: it no longer holds the userName.
  if (
    sameName &&
    (await hrPeopleWhere(ctx.tx, ctx.organizationUuid, { uuids: [sameName.userUuid] })).length === 0
  ) {
    await deleteScimUser(ctx.tx, sameName.userUuid);
    sameName = null;
  }
  if (sameName && sameName.userUuid !== id)
    throw scimError(409, 'uniqueness', `userName ${user.userName} is already provisioned`);
  let uuid: string;
  if (id !== undefined) {
    const [link] = UUID.test(id) ? await scimUserRows(ctx.tx, [id]) : [];
    const [person] = link ? await hrPeopleWhere(ctx.tx, ctx.organizationUuid, { uuids: [id] }) : [];
    if (!link || !person) throw notFoundError('User', id);
    await applyUser(ctx, person, link.active, user);
    uuid = person.uuid;
  } else {
    // A person Equip already has (by email) is taken over, not created twice: the identity provider's
    // first sync matches the people entered by hand or by the HR sync.
    const [existing] = await hrPeopleWhere(ctx.tx, ctx.organizationUuid, { email: user.email });
    if (existing) {
      const [link] = await scimUserRows(ctx.tx, [existing.uuid]);
      if (link)
        throw scimError(409, 'uniqueness', `${user.email} is already provisioned as ${link.userName}`);
      await applyUser(ctx, existing, true, user);
      uuid = existing.uuid;
    } else {
      const { userName: _u, externalId: _e, active: _a, ...values } = user;
      uuid = await addHrPerson(ctx.tx, ctx.writer, values, null, 'ONBOARDING');
      if (!user.active) {
        const [created] = await hrPeopleWhere(ctx.tx, ctx.organizationUuid, { uuids: [uuid] });
        await applyUser(ctx, created!, true, user);
      }
    }
  }
  await upsertScimUser(ctx.tx, {
    userUuid: uuid,
    organizationUuid: ctx.organizationUuid,
    userName: user.userName,
    externalId: user.externalId,
    active: user.active,
  });
  const [saved] = await scimUsersOf(ctx, [uuid]);
  return saved!;
}

async function degressUser(id: string, ctx: ScimContext): Promise<void> {
  const [link] = UUID.test(id) ? await scimUserRows(ctx.tx, [id]) : [];
  if (!link) throw notFoundError('User', id);
  const [person] = await hrPeopleWhere(ctx.tx, ctx.organizationUuid, { uuids: [id] });
  if (person) await applyUser(ctx, person, link.active, { ...scimUserOfPerson(person), active: false });
  await deleteScimUser(ctx.tx, id);
}

/** The person's own values, so a deletion changes nothing but the status. */
function scimUserOfPerson(person: HrPerson): IncomingUser {
  return {
    userName: person.email,
    externalId: null,
    active: true,
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
  };
}

type ScimGroup = {
  id: string;
  displayName: string;
  externalId?: string;
  members?: { value: string; display: string; type: 'User' }[];
  meta: { created: Date; lastModified: Date };
};

async function scimGroupsOf(ctx: ScimContext, uuid?: string): Promise<ScimGroup[]> {
  const groups: ScimGroupRow[] = await scimGroupRows(ctx.tx, uuid);
  const people = new Map(
    (
      await hrPeopleWhere(ctx.tx, ctx.organizationUuid, {
        uuids: [...new Set(groups.flatMap((g) => g.members))],
      })
    ).map((p) => [p.uuid, p]),
  );
  return groups.map((g) => ({
    id: g.uuid,
    displayName: g.displayName,
    ...(g.externalId ? { externalId: g.externalId } : {}),
    ...(g.members.length > 0
      ? {
          members: g.members.map((m) => ({
            value: m,
            display: `${people.get(m)?.firstName ?? ''} ${people.get(m)?.lastName ?? ''}`.trim(),
            type: 'User' as const,
          })),
        }
      : {}),
    meta: { created: g.createdAt, lastModified: g.updatedAt },
  }));
}

async function ingressGroup(
  id: string | undefined,
  instance: { displayName?: string; externalId?: string; members?: { value?: string }[] },
  ctx: ScimContext,
): Promise<ScimGroup> {
  const members = [...new Set((instance.members ?? []).map((m) => m.value ?? ''))];
  const known = new Set(
    (
      await scimUserRows(
        ctx.tx,
        members.filter((m) => UUID.test(m)),
      )
    ).map((l) => l.userUuid),
  );
  const unknown = members.find((m) => !known.has(m));
  if (unknown !== undefined)
    throw scimError(400, 'invalidValue', `Member ${unknown} is not a provisioned user`);
  if (id !== undefined && !UUID.test(id)) throw notFoundError('Group', id);
  const saved = await saveScimGroup(ctx.tx, ctx.organizationUuid, id ?? null, {
    displayName: instance.displayName ?? '',
    externalId: instance.externalId ?? null,
    members,
  });
  if (!saved) throw notFoundError('Group', id ?? '');
  const [group] = await scimGroupsOf(ctx, saved);
  return group!;
}

/** Attributes whose values compare exactly (RFC 7643: caseExact); every other string compares in any case. */
const CASE_EXACT = new Set(['id', 'externalId']);

function lowered(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return CASE_EXACT.has(key) ? value : value.toLowerCase();
  if (Array.isArray(value)) return value.map((item) => lowered(item, key));
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, lowered(v, k)]));
  return value;
}

/** The filter's comparisons, with the values of attributes that are not case-exact in lower case. */
function loweredFilter(filter: SCIMMY.Types.Filter): SCIMMY.Types.Filter {
  const expression = (value: unknown, key: string): unknown => {
    if (Array.isArray(value))
      return value.map((part, at) =>
        at > 0 && typeof part === 'string' && !CASE_EXACT.has(key) ? part.toLowerCase() : part,
      );
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expression(v, k)]));
    return value;
  };
  return new SCIMMY.Types.Filter([...filter].map((group) => expression(group, '')));
}

/**
 * The resources the filter selects. SCIMMY leaves filtering to the implementation; its matcher compares
 * strings exactly, while SCIM compares userName, displayName, emails … in any case (RFC 7643 §2.1).
 */
function filtered<T>(filter: SCIMMY.Types.Filter | undefined, resources: T[]): T[] {
  if (!filter) return resources;
  const shadows = resources.map((resource) => lowered(resource) as T);
  const matched = new Set(loweredFilter(filter).match(shadows));
  return resources.filter((_, at) => matched.has(shadows[at]));
}

/** A filter that is one `userName eq` or `externalId eq` comparison, as a lookup; else undefined. */
function lookupOf(
  filter: SCIMMY.Types.Filter | undefined,
): { userName: string } | { externalId: string } | undefined {
  if (filter?.length !== 1) return undefined;
  const entries = Object.entries(filter[0] as Record<string, unknown>);
  if (entries.length !== 1) return undefined;
  const [attribute, comparison] = entries[0]!;
  if (!Array.isArray(comparison) || comparison.length !== 2 || comparison[0] !== 'eq') return undefined;
  const value = comparison[1];
  if (typeof value !== 'string') return undefined;
  if (attribute === 'userName') return { userName: value };
  if (attribute === 'externalId') return { externalId: value };
  return undefined;
}

let declared = false;
/** SCIMMY's configuration is the process's: declared once, the handlers take the request from `ctx`. */
function declareResources(): void {
  if (declared) return;
  declared = true;
  SCIMMY.Config.set({
    documentationUri: 'https://datatracker.ietf.org/doc/html/rfc7644',
    patch: true,
    filter: { supported: true, maxResults: 200 },
    sort: false,
    bulk: false,
    changePassword: false,
    etag: false,
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'A SCIM token of the organisation, created on its integrations page',
      },
    ],
  });
  const ctxOf = (ctx: unknown) => ctx as ScimContext;
  SCIMMY.Resources.declare(SCIMMY.Resources.User.extend(SCIMMY.Schemas.EnterpriseUser, false)).basepath(
    SCIM_BASE_PATH,
  );
  SCIMMY.Resources.User.ingress((resource, instance, ctx) =>
    ingressUser(resource.id, instance as unknown as ScimInstance, ctxOf(ctx)),
  )
    .egress(async (resource, ctx) => {
      if (resource.id !== undefined) {
        const [user] = UUID.test(resource.id) ? await scimUsersOf(ctxOf(ctx), [resource.id]) : [];
        if (!user) throw notFoundError('User', resource.id);
        return user;
      }
      // The lookups identity providers repeat for every person of a provisioning cycle (userName eq,
      // externalId eq) read that person only; any other filter reads the linked people.
      const users = await scimUsersOf(ctxOf(ctx), lookupOf(resource.filter));
      return filtered(resource.filter, users);
    })
    .degress((resource, ctx) => degressUser(resource.id ?? '', ctxOf(ctx)));
  SCIMMY.Resources.declare(SCIMMY.Resources.Group).basepath(SCIM_BASE_PATH);
  SCIMMY.Resources.Group.ingress((resource, instance, ctx) =>
    ingressGroup(resource.id, instance as never, ctxOf(ctx)),
  )
    .egress(async (resource, ctx) => {
      if (resource.id !== undefined) {
        const [group] = UUID.test(resource.id) ? await scimGroupsOf(ctxOf(ctx), resource.id) : [];
        if (!group) throw notFoundError('Group', resource.id);
        return group;
      }
      const groups = await scimGroupsOf(ctxOf(ctx));
      return filtered(resource.filter, groups);
    })
    .degress(async (resource, ctx) => {
      const id = resource.id ?? '';
      if (!UUID.test(id) || !(await deleteScimGroup(ctxOf(ctx).tx, id))) throw notFoundError('Group', id);
    });
  for (const resource of [
    SCIMMY.Resources.Schema,
    SCIMMY.Resources.ResourceType,
    SCIMMY.Resources.ServiceProviderConfig,
  ])
    resource.basepath(SCIM_BASE_PATH);
}

/** The SCIM resource kinds with data. */
export type ScimKind = 'Users' | 'Groups';
/** The query of a list: SCIM's own parameter names. */
export interface ScimListQuery {
  filter?: string;
  startIndex?: number;
  count?: number;
  attributes?: string;
  excludedAttributes?: string;
}

/** What the SCIM routes answer: a status and a SCIM body (none for 204). */
export interface ScimAnswer {
  status: number;
  body?: unknown;
}

const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

function tokenOf(row: ScimTokenRow): ScimToken {
  return {
    uuid: row.uuid,
    name: row.name,
    hint: row.hint,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the SCIM service is built with (the integrations' area.ts): the system handle, for the tokens. */
export interface ScimDeps {
  db: Db;
}

export function createScimService(deps: ScimDeps) {
  declareResources();
  const resourceOf = (kind: ScimKind) => (kind === 'Users' ? SCIMMY.Resources.User : SCIMMY.Resources.Group);

  /** Runs one SCIM request in the organisation's tenant transaction; its errors as SCIM errors. */
  async function run(organizationUuid: string, work: (ctx: ScimContext) => Promise<ScimAnswer>) {
    try {
      return await withTenant(deps.db, organizationUuid, (tx) =>
        work({ tx, organizationUuid, writer: { ...syncWriter(organizationUuid, null), via: 'scim' } }),
      );
    } catch (error) {
      if (isScimUniqueViolation(error))
        return { status: 409, body: scimErrorOf(409, 'It is already provisioned', 'uniqueness') };
      const known = scimErrorBody(error);
      if (!known) throw error;
      return { status: known.status, body: known.body };
    }
  }

  return {
    /** The organisation of a live SCIM token, or null (a revoked, unknown or malformed one). */
    async organizationOf(token: string): Promise<string | null> {
      if (!token.startsWith(SCIM_TOKEN_PREFIX)) return null;
      return organizationOfScimToken(deps.db, sha256(token));
    },

    async listTokens(tx: Db): Promise<ScimTokenList> {
      return { items: (await listScimTokens(tx)).map(tokenOf) };
    },

    /** Creates a token; its value is answered this once and stored only as its hash. */
    async createToken(
      tx: Db,
      auth: AuthContext,
      request: CreateScimTokenRequest,
    ): Promise<ScimTokenWithSecret> {
      const token = `${SCIM_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await insertScimToken(tx, {
        organizationUuid: auth.organizationUuid,
        name: request.name.trim(),
        tokenHash: sha256(token),
        hint: token.slice(-4),
        createdByUuid: auth.homeOrganizationUuid === auth.organizationUuid ? auth.userUuid : null,
      });
      // The audit log names the token (its uuid and name), never its value nor any part of it.
      await logEvent(tx, {
        organizationUuid: auth.organizationUuid,
        type: 'SCIM_TOKEN_CREATED',
        actorUuid: auth.userUuid,
        subjectUuid: row.uuid,
        data: { name: row.name },
      });
      return { ...tokenOf(row), token };
    },

    async revokeToken(tx: Db, auth: AuthContext, uuid: string): Promise<ScimToken> {
      const revoked = await revokeScimToken(tx, uuid);
      if (!revoked) throw notFound('SCIM token not found');
      // Logged when this call revoked it; revoking a revoked token again changes nothing.
      if (revoked.revoked)
        await logEvent(tx, {
          organizationUuid: auth.organizationUuid,
          type: 'SCIM_TOKEN_REVOKED',
          actorUuid: auth.userUuid,
          subjectUuid: revoked.row.uuid,
          data: { name: revoked.row.name },
        });
      return tokenOf(revoked.row);
    },

    list: (organizationUuid: string, kind: ScimKind, query: ScimListQuery) =>
      run(organizationUuid, async (ctx) => {
        const resource = new (resourceOf(kind))(undefined, {
          ...(query.filter ? { filter: query.filter } : {}),
          ...(query.attributes ? { attributes: query.attributes } : {}),
          ...(query.excludedAttributes ? { excludedAttributes: query.excludedAttributes } : {}),
          startIndex: query.startIndex ?? 1,
          count: Math.min(query.count ?? 100, 200),
        });
        return { status: 200, body: json(await resource.read(ctx)) };
      }),

    get: (organizationUuid: string, kind: ScimKind, id: string) =>
      run(organizationUuid, async (ctx) => ({
        status: 200,
        body: json(await new (resourceOf(kind))(id).read(ctx)),
      })),

    create: (organizationUuid: string, kind: ScimKind, body: unknown) =>
      run(organizationUuid, async (ctx) => ({
        status: 201,
        body: json(await new (resourceOf(kind))().write(withBooleanActive(body), ctx)),
      })),

    replace: (organizationUuid: string, kind: ScimKind, id: string, body: unknown) =>
      run(organizationUuid, async (ctx) => {
        // The resource must exist (404), then its attributes are replaced.
        await new (resourceOf(kind))(id).read(ctx);
        return {
          status: 200,
          body: json(await new (resourceOf(kind))(id).write(withBooleanActive(body), ctx)),
        };
      }),

    patch: (organizationUuid: string, kind: ScimKind, id: string, body: unknown) =>
      run(organizationUuid, async (ctx) => {
        const patched = await new (resourceOf(kind))(id).patch(normalisedPatch(body), ctx);
        // SCIMMY answers nothing when the operations change nothing: the resource as it is.
        return {
          status: 200,
          body: json(patched ?? (await new (resourceOf(kind))(id).read(ctx))),
        };
      }),

    remove: (organizationUuid: string, kind: ScimKind, id: string) =>
      run(organizationUuid, async (ctx) => {
        await new (resourceOf(kind))(id).dispose(ctx);
        return { status: 204 };
      }),

    /** ServiceProviderConfig, ResourceTypes and Schemas (RFC 7644 §4), one or all. */
    discovery: async (what: 'ServiceProviderConfig' | 'ResourceTypes' | 'Schemas', id?: string) => {
      try {
        const resource =
          what === 'ServiceProviderConfig'
            ? new SCIMMY.Resources.ServiceProviderConfig()
            : what === 'ResourceTypes'
              ? new SCIMMY.Resources.ResourceType(id)
              : new SCIMMY.Resources.Schema(id);
        return { status: 200, body: json(await resource.read()) } satisfies ScimAnswer;
      } catch (error) {
        const known = scimErrorBody(error);
        if (!known) throw error;
        // SCIMMY's 404 names the id asked for; ours does not.
        if (known.status === 404) return { status: 404, body: scimErrorOf(404, `${what} not found`) };
        return { status: known.status, body: known.body } satisfies ScimAnswer;
      }
    },
  };
}
export type ScimService = ReturnType<typeof createScimService>;
