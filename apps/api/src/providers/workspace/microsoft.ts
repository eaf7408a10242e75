import { autoAssignIssueOf, type WorkspaceGroupKindValue } from '@equip/domain/workspaces';
import { Client, type Context, GraphError, type Middleware } from '@microsoft/microsoft-graph-client';
import {
  allPages,
  type DeleteOptions,
  type GroupChange,
  type NewWorkspaceUser,
  type WorkspaceAdapter,
  type WorkspaceCheckResult,
  type WorkspaceGroupInfo,
  type WorkspaceLicence,
  type WorkspaceLicenceAssignment,
  type WorkspaceMember,
  WorkspaceNotFound,
  type WorkspaceOrgUnit,
  type WorkspacePage,
  WorkspaceUnsupported,
  type WorkspaceUser,
} from './adapter.ts';
import { WorkspaceApiError, workspaceCheckFailure } from './http.ts';

/** Where Microsoft's services are (tests point them at a local fake). */
export interface MicrosoftUrls {
  /** Microsoft Graph (`https://graph.microsoft.com`). */
  graphUrl: string;
  /** Microsoft identity platform (`https://login.microsoftonline.com`). */
  loginUrl: string;
}

export interface MicrosoftOAuthClient {
  clientId: string;
  clientSecret: string;
}

/** Delegated permissions Equip asks for: users, groups and their members, licences; a refresh token. */
export const MICROSOFT_SCOPES = [
  'offline_access',
  'User.ReadWrite.All',
  'Group.ReadWrite.All',
  'Directory.ReadWrite.All',
];

const VENDOR = 'Microsoft 365';
const VERSION = 'v1.0';
const PAGE_SIZE = 100;

interface GraphPage<T> {
  value?: T[];
  '@odata.nextLink'?: string;
}
interface GraphUser {
  id?: string;
  userPrincipalName?: string;
  mail?: string | null;
  givenName?: string | null;
  surname?: string | null;
  accountEnabled?: boolean | null;
  assignedLicenses?: { skuId?: string }[];
}
interface GraphGroup {
  id?: string;
  displayName?: string | null;
  mail?: string | null;
  groupTypes?: string[];
  mailEnabled?: boolean | null;
  securityEnabled?: boolean | null;
  resourceProvisioningOptions?: string[];
}

/** The words of the Microsoft identity platform's token error. */
function tokenWords(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { error_description: description, error } = body as { error_description?: unknown; error?: unknown };
  if (typeof description === 'string') return description.split(/\r?\n/)[0] ?? description;
  return typeof error === 'string' ? error : null;
}

/** A Graph error as Equip's: 404 not found, else the status with Graph's message. */
function graphError(error: unknown): unknown {
  if (error instanceof WorkspaceApiError || error instanceof WorkspaceNotFound) return error;
  if (error instanceof GraphError) {
    if (error.statusCode === 404) return new WorkspaceNotFound(error.message || 'Not found');
    // -1: no answer (the fetch failed or timed out).
    return new WorkspaceApiError(VENDOR, Math.max(error.statusCode, 0), error.message || error.code || null);
  }
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return new WorkspaceApiError(VENDOR, 0, 'Microsoft did not answer in time');
  return error;
}

async function graph<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw graphError(error);
  }
}

/** Exchanges a consent code or a refresh token at the Microsoft identity platform's token endpoint. */
export async function microsoftToken(
  options: { client: MicrosoftOAuthClient; urls: MicrosoftUrls; fetcher: typeof fetch },
  grant: { code: string; redirectUri: string } | { refreshToken: string },
): Promise<{ accessToken: string; refreshToken: string | null; expiresAt: number }> {
  const form = new URLSearchParams({
    client_id: options.client.clientId,
    client_secret: options.client.clientSecret,
    scope: MICROSOFT_SCOPES.join(' '),
    ...('code' in grant
      ? { grant_type: 'authorization_code', code: grant.code, redirect_uri: grant.redirectUri }
      : { grant_type: 'refresh_token', refresh_token: grant.refreshToken }),
  });
  let response: Response;
  try {
    response = await options.fetcher(new URL('common/oauth2/v2.0/token', `${options.urls.loginUrl}/`), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    });
  } catch {
    throw new WorkspaceApiError(VENDOR, 0, 'Microsoft did not answer');
  }
  const body = (await response.json().catch(() => null)) as {
    access_token?: string;
    refresh_token?: string;
    expires_in?: number;
  } | null;
  if (!response.ok || !body?.access_token)
    throw new WorkspaceApiError(VENDOR, response.status === 200 ? 502 : response.status, tokenWords(body));
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? null,
    expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 - 60_000,
  };
}

/** The Graph client's one middleware: the bearer token, then Equip's fetch (no retry, redirect or telemetry of its own). */
class EquipFetchMiddleware implements Middleware {
  constructor(
    private readonly fetcher: typeof fetch,
    private readonly token: () => Promise<string>,
  ) {}

  async execute(context: Context): Promise<void> {
    const headers = new Headers(context.options?.headers as ConstructorParameters<typeof Headers>[0]);
    headers.set('authorization', `Bearer ${await this.token()}`);
    context.response = await this.fetcher(context.request as string, {
      ...(context.options as RequestInit),
      headers,
    });
  }
}

/**
 * Microsoft 365 through the official `@microsoft/microsoft-graph-client` (decision 033): Graph's users,
 * groups, members and licences. Its middleware chain is Equip's one: the organisation's access token
 * (from its refresh token) and the fetch it is given. Microsoft has no org units and no archive; a
 * delete with mail forwarding or a data inheritor is refused (those live in Exchange and OneDrive).
 */
export class MicrosoftWorkspaceClient implements WorkspaceAdapter {
  readonly provider = 'microsoft' as const;
  readonly kind = 'client' as const;
  private readonly client: Client;
  private access: { token: string; expiresAt: number } | null = null;
  private rotated: string | null = null;
  private readonly base: string;

  constructor(
    private readonly refreshToken: string,
    private readonly options: { client: MicrosoftOAuthClient; urls: MicrosoftUrls; fetcher: typeof fetch },
  ) {
    this.base = `${options.urls.graphUrl.replace(/\/$/, '')}/${VERSION}`;
    this.client = Client.initWithMiddleware({
      baseUrl: options.urls.graphUrl.replace(/\/$/, ''),
      defaultVersion: VERSION,
      middleware: new EquipFetchMiddleware(options.fetcher, () => this.accessToken()),
    });
  }

  get rotatedRefreshToken(): string | null {
    return this.rotated;
  }

  /** A Graph call with a fresh access token (a refused refresh token is the token endpoint's error, not the client's). */
  private async call<T>(work: () => Promise<T>): Promise<T> {
    await this.accessToken();
    return graph(work);
  }

  private async accessToken(): Promise<string> {
    if (this.access && this.access.expiresAt > Date.now()) return this.access.token;
    const token = await microsoftToken(this.options, { refreshToken: this.rotated ?? this.refreshToken });
    this.access = { token: token.accessToken, expiresAt: token.expiresAt };
    if (token.refreshToken && token.refreshToken !== (this.rotated ?? this.refreshToken))
      this.rotated = token.refreshToken;
    return token.accessToken;
  }

  /** A page of a collection: the first from `path`, the next from Graph's `@odata.nextLink` (on Graph's host only). */
  private async page<T>(path: string, cursor: string | null): Promise<{ value: T[]; next: string | null }> {
    let api = path;
    if (cursor) {
      if (!cursor.startsWith(`${this.base}/`))
        throw new WorkspaceApiError(VENDOR, 502, 'A next page on another host');
      api = cursor.slice(this.base.length);
    }
    const body = await this.call(() => this.client.api(api).get() as Promise<GraphPage<T>>);
    return { value: body.value ?? [], next: body['@odata.nextLink'] ?? null };
  }

  async check(): Promise<WorkspaceCheckResult> {
    try {
      const body = await this.call(
        () =>
          this.client.api('/organization').select('verifiedDomains').get() as Promise<{
            value?: { verifiedDomains?: { name?: string; isDefault?: boolean }[] }[];
          }>,
      );
      const domains = body.value?.[0]?.verifiedDomains ?? [];
      return { ok: true, domain: (domains.find((d) => d.isDefault) ?? domains[0])?.name ?? null };
    } catch (error) {
      return workspaceCheckFailure(graphError(error));
    }
  }

  async users(cursor: string | null): Promise<WorkspacePage<WorkspaceUser>> {
    const { value, next } = await this.page<GraphUser>(
      `/users?$top=${PAGE_SIZE}&$select=id,userPrincipalName,mail,givenName,surname,accountEnabled`,
      cursor,
    );
    return { items: value.map(userOf), next };
  }

  async groups(cursor: string | null): Promise<WorkspacePage<WorkspaceGroupInfo>> {
    const { value, next } = await this.page<GraphGroup>(
      `/groups?$top=${PAGE_SIZE}&$select=id,displayName,mail,groupTypes,mailEnabled,securityEnabled,resourceProvisioningOptions`,
      cursor,
    );
    const items: WorkspaceGroupInfo[] = [];
    for (const group of value) {
      const count = await this.call(
        () =>
          this.client
            .api(`/groups/${group.id}/members/$count`)
            .header('ConsistencyLevel', 'eventual')
            .get() as Promise<unknown>,
      );
      items.push({ ...groupOf(group), memberCount: Number(count) || 0 });
    }
    return { items, next };
  }

  async members(groupId: string, cursor: string | null): Promise<WorkspacePage<WorkspaceMember>> {
    const { value, next } = await this.page<{
      '@odata.type'?: string;
      id?: string;
      mail?: string | null;
      userPrincipalName?: string;
    }>(
      `/groups/${encodeURIComponent(groupId)}/members?$top=${PAGE_SIZE}&$select=id,mail,userPrincipalName`,
      cursor,
    );
    const items = value.map(
      (m): WorkspaceMember => ({
        externalId: m.id ?? '',
        email: (m.mail ?? m.userPrincipalName ?? null)?.toLowerCase() ?? null,
        type:
          m['@odata.type'] === '#microsoft.graph.user'
            ? 'user'
            : m['@odata.type'] === '#microsoft.graph.group'
              ? 'group'
              : 'other',
      }),
    );
    return { items, next };
  }

  async orgUnits(): Promise<WorkspaceOrgUnit[]> {
    return [];
  }

  async licences(): Promise<WorkspaceLicence[]> {
    const body = await this.call(
      () =>
        this.client.api('/subscribedSkus').get() as Promise<
          GraphPage<{ skuId?: string; skuPartNumber?: string }>
        >,
    );
    return (body.value ?? []).map((sku) => ({
      skuId: sku.skuId ?? '',
      name: sku.skuPartNumber ?? sku.skuId ?? '',
    }));
  }

  async licenceAssignments(cursor: string | null): Promise<WorkspacePage<WorkspaceLicenceAssignment>> {
    const names = new Map((await this.licences()).map((l) => [l.skuId, l.name]));
    const { value, next } = await this.page<GraphUser>(
      `/users?$top=${PAGE_SIZE}&$select=userPrincipalName,mail,assignedLicenses`,
      cursor,
    );
    const items = value.flatMap((user) =>
      (user.assignedLicenses ?? []).map((licence) => ({
        email: (user.mail ?? user.userPrincipalName ?? '').toLowerCase(),
        skuId: licence.skuId ?? '',
        name: names.get(licence.skuId ?? '') ?? licence.skuId ?? '',
      })),
    );
    return { items, next };
  }

  async createUser(input: NewWorkspaceUser): Promise<{ user: WorkspaceUser; groups: GroupChange[] }> {
    const created = await this.call(
      () =>
        this.client.api('/users').post({
          accountEnabled: true,
          displayName: `${input.firstName} ${input.lastName}`,
          givenName: input.firstName,
          surname: input.lastName,
          mailNickname: input.email.split('@')[0],
          userPrincipalName: input.email,
          passwordProfile: { forceChangePasswordNextSignIn: true, password: input.password },
        }) as Promise<GraphUser>,
    );
    if (input.licenseIds.length > 0)
      await this.call(() =>
        this.client.api(`/users/${created.id}/assignLicense`).post({
          addLicenses: input.licenseIds.map((skuId) => ({ skuId, disabledPlans: [] })),
          removeLicenses: [],
        }),
      );
    const groups = input.groupIds.length > 0 ? await this.addMembers(input.groupIds, [input.email]) : [];
    return { user: userOf(created), groups };
  }

  async suspendUser(email: string): Promise<void> {
    await this.call(() =>
      this.client.api(`/users/${encodeURIComponent(email)}`).patch({ accountEnabled: false }),
    );
  }

  async deleteUser(email: string, options: DeleteOptions): Promise<void> {
    if (options.forwardTo || options.dataInheritor)
      throw new WorkspaceUnsupported(
        'Microsoft 365 forwarding and data transfer are set in Exchange and OneDrive',
      );
    await this.call(() => this.client.api(`/users/${encodeURIComponent(email)}`).delete());
  }

  async archiveUser(_email: string): Promise<void> {
    throw new WorkspaceUnsupported('Microsoft 365 has no archived users');
  }

  async addMembers(groupIds: readonly string[], emails: readonly string[]): Promise<GroupChange[]> {
    return this.changeMembers(groupIds, emails, async (groupId, userId) => {
      try {
        await this.call(() =>
          this.client
            .api(`/groups/${encodeURIComponent(groupId)}/members/$ref`)
            .post({ '@odata.id': `${this.base}/directoryObjects/${userId}` }),
        );
        return true;
      } catch (error) {
        // 400 "One or more added object references already exist": the wanted state.
        if (
          error instanceof WorkspaceApiError &&
          error.status === 400 &&
          /already exist/i.test(error.detail ?? '')
        )
          return false;
        throw error;
      }
    });
  }

  async removeMembers(groupIds: readonly string[], emails: readonly string[]): Promise<GroupChange[]> {
    return this.changeMembers(groupIds, emails, async (groupId, userId) => {
      try {
        await this.call(() =>
          this.client.api(`/groups/${encodeURIComponent(groupId)}/members/${userId}/$ref`).delete(),
        );
        return true;
      } catch (error) {
        // Not a member (404): the wanted state.
        if (error instanceof WorkspaceNotFound) return false;
        throw error;
      }
    });
  }

  /** Each group that can take the change gets it per user; the others answer their issue. */
  private async changeMembers(
    groupIds: readonly string[],
    emails: readonly string[],
    change: (groupId: string, userId: string) => Promise<boolean>,
  ): Promise<GroupChange[]> {
    const userIds = await Promise.all(
      emails.map(async (email) => {
        const user = await this.call(
          () =>
            this.client
              .api(`/users/${encodeURIComponent(email)}`)
              .select('id')
              .get() as Promise<GraphUser>,
        );
        return user.id ?? '';
      }),
    );
    const changes: GroupChange[] = [];
    for (const groupId of groupIds) {
      const group = await this.call(
        () =>
          this.client
            .api(`/groups/${encodeURIComponent(groupId)}`)
            .select('id,displayName,mail,groupTypes,mailEnabled,securityEnabled,resourceProvisioningOptions')
            .get() as Promise<GraphGroup>,
      );
      const { issue } = groupOf(group);
      if (issue) {
        changes.push({ groupId, changed: 0, issue });
        continue;
      }
      let changed = 0;
      for (const userId of userIds) if (await change(groupId, userId)) changed++;
      changes.push({ groupId, changed, issue: null });
    }
    return changes;
  }

  /** Every user (tests and the licence column read them whole). */
  allUsers(): Promise<WorkspaceUser[]> {
    return allPages((cursor) => this.users(cursor));
  }
}

/** A Graph group's kind: Microsoft 365 group (a team when it has one), security group, or distribution list. */
function kindOf(group: GraphGroup): WorkspaceGroupKindValue {
  if (group.groupTypes?.includes('Unified'))
    return group.resourceProvisioningOptions?.includes('Team') ? 'team' : 'group';
  // Mail-enabled without Unified: a distribution list or mail-enabled security group (Exchange's, not Graph's to change).
  if (group.mailEnabled) return 'distribution_list';
  return 'security_group';
}

function groupOf(group: GraphGroup): Omit<WorkspaceGroupInfo, 'memberCount'> & { memberCount: null } {
  const kind = kindOf(group);
  const dynamic = group.groupTypes?.includes('DynamicMembership') ?? false;
  return {
    externalId: group.id ?? '',
    name: group.displayName ?? group.mail ?? '',
    email: group.mail?.toLowerCase() ?? null,
    kind,
    dynamic,
    memberCount: null,
    issue: autoAssignIssueOf({ provider: 'microsoft', kind, dynamic }),
  };
}

function userOf(user: GraphUser): WorkspaceUser {
  return {
    externalId: user.id ?? '',
    email: (user.userPrincipalName ?? user.mail ?? '').toLowerCase(),
    firstName: user.givenName ?? null,
    lastName: user.surname ?? null,
    suspended: user.accountEnabled === false,
    archived: false,
    orgUnitPath: null,
  };
}
