import { autoAssignIssueOf } from '@equip/domain/workspaces';
import { admin_datatransfer_v1, admin_directory_v1, auth } from '@googleapis/admin';
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
  type WorkspaceUser,
} from './adapter.ts';
import { WorkspaceApiError, workspaceCheckFailure } from './http.ts';

/** Where Google's APIs are (tests point them at a local fake). */
export interface GoogleUrls {
  /** Admin SDK (`https://admin.googleapis.com/`). */
  adminUrl: string;
  /** Enterprise License Manager (`https://licensing.googleapis.com/`). */
  licensingUrl: string;
  /** OAuth token endpoint (`https://oauth2.googleapis.com/token`). */
  tokenUrl: string;
  /** OAuth consent page (`https://accounts.google.com/o/oauth2/v2/auth`). */
  authorizeUrl: string;
}

export interface GoogleOAuthClient {
  clientId: string;
  clientSecret: string;
}

/** The scopes Google has verified for Equip: users, groups and their members, org units. */
export const GOOGLE_SCOPES = [
  'https://www.googleapis.com/auth/admin.directory.user',
  'https://www.googleapis.com/auth/admin.directory.group',
  'https://www.googleapis.com/auth/admin.directory.orgunit.readonly',
];
/**
 * Licences and the data transfer of offboarding: scopes Google has not verified for Equip's app, asked
 * only behind the flag `unverified-google-oauth-scopes` (Google's consent page then warns).
 */
export const GOOGLE_UNVERIFIED_SCOPES = [
  'https://www.googleapis.com/auth/apps.licensing',
  'https://www.googleapis.com/auth/admin.datatransfer',
];

/** Google Workspace's licences are SKUs of this product. */
const WORKSPACE_PRODUCT = 'Google-Apps';
/** Drive and Docs in the Data Transfer API: where a leaver's files are handed over. */
const DRIVE_APPLICATION_ID = '55656082996';
const PAGE_SIZE = 100;

/** The words of a Google error (`error.message`, or the OAuth endpoint's `error_description`). */
function googleWords(data: unknown): string | null {
  if (!data || typeof data !== 'object') return typeof data === 'string' && data ? data : null;
  const body = data as { error?: unknown; error_description?: unknown };
  if (typeof body.error_description === 'string') return body.error_description;
  if (body.error && typeof body.error === 'object') {
    const message = (body.error as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  }
  return typeof body.error === 'string' ? body.error : null;
}

/** A Gaxios error (or anything thrown through the client) as a WorkspaceApiError. */
export function googleError(error: unknown): unknown {
  if (error instanceof WorkspaceApiError || error instanceof WorkspaceNotFound) return error;
  if (error && typeof error === 'object' && 'response' in error) {
    const response = (error as { response?: { status?: number; data?: unknown } }).response;
    if (response?.status) {
      const detail = googleWords(response.data) ?? (error instanceof Error ? error.message : null);
      if (response.status === 404) return new WorkspaceNotFound(detail ?? 'Not found');
      return new WorkspaceApiError('Google Workspace', response.status, detail);
    }
  }
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return new WorkspaceApiError('Google Workspace', 0, 'Google did not answer in time');
  return error;
}

async function google<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw googleError(error);
  }
}

/** The OAuth client of Equip's Google app, its requests through `fetcher`. */
export function googleOAuth(client: GoogleOAuthClient, urls: GoogleUrls, fetcher: typeof fetch) {
  return new auth.OAuth2({
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    endpoints: { oauth2TokenUrl: urls.tokenUrl, oauth2AuthBaseUrl: urls.authorizeUrl },
    // Every request (tokens and the APIs') through Equip's fetch; its retry is workspaceFetch's.
    transporterOptions: { fetchImplementation: fetcher, retry: false },
  });
}

/**
 * Google Workspace through the official `@googleapis/admin` client (decision 033): the Directory API for
 * users, groups, members and org units, the Data Transfer API for a leaver's files, and the Enterprise
 * License Manager for licences. Authenticated with the organisation's refresh token; every request goes
 * through the fetch it is given.
 */
export class GoogleWorkspaceClient implements WorkspaceAdapter {
  readonly provider = 'google' as const;
  readonly kind = 'client' as const;
  private readonly oauth: InstanceType<typeof auth.OAuth2>;
  private readonly directory: admin_directory_v1.Admin;
  private readonly transfer: admin_datatransfer_v1.Admin;

  constructor(
    refreshToken: string,
    private readonly options: { client: GoogleOAuthClient; urls: GoogleUrls; fetcher: typeof fetch },
  ) {
    this.oauth = googleOAuth(options.client, options.urls, options.fetcher);
    this.oauth.setCredentials({ refresh_token: refreshToken });
    const common = { auth: this.oauth, rootUrl: options.urls.adminUrl, retry: false };
    this.directory = new admin_directory_v1.Admin(common);
    this.transfer = new admin_datatransfer_v1.Admin(common);
  }

  async check(): Promise<WorkspaceCheckResult> {
    try {
      const { data } = await google(() =>
        this.directory.users.list({ customer: 'my_customer', maxResults: 1, fields: 'users(primaryEmail)' }),
      );
      const email = data.users?.[0]?.primaryEmail ?? null;
      return { ok: true, domain: email?.split('@')[1] ?? null };
    } catch (error) {
      return workspaceCheckFailure(googleError(error));
    }
  }

  async users(cursor: string | null): Promise<WorkspacePage<WorkspaceUser>> {
    const { data } = await google(() =>
      this.directory.users.list({
        customer: 'my_customer',
        maxResults: PAGE_SIZE,
        orderBy: 'email',
        ...(cursor ? { pageToken: cursor } : {}),
      }),
    );
    return { items: (data.users ?? []).map(userOf), next: data.nextPageToken ?? null };
  }

  async groups(cursor: string | null): Promise<WorkspacePage<WorkspaceGroupInfo>> {
    const { data } = await google(() =>
      this.directory.groups.list({
        customer: 'my_customer',
        maxResults: PAGE_SIZE,
        ...(cursor ? { pageToken: cursor } : {}),
      }),
    );
    const items = (data.groups ?? []).map((group): WorkspaceGroupInfo => {
      // The Directory API has no dynamic groups (those are Cloud Identity's): every group takes members.
      const info = { provider: 'google' as const, kind: 'group' as const, dynamic: false };
      return {
        externalId: group.id ?? '',
        name: group.name || group.email || '',
        email: group.email ?? null,
        kind: info.kind,
        dynamic: info.dynamic,
        memberCount: group.directMembersCount ? Number(group.directMembersCount) : 0,
        issue: autoAssignIssueOf(info),
      };
    });
    return { items, next: data.nextPageToken ?? null };
  }

  async members(groupId: string, cursor: string | null): Promise<WorkspacePage<WorkspaceMember>> {
    const { data } = await google(() =>
      this.directory.members.list({
        groupKey: groupId,
        maxResults: 200,
        ...(cursor ? { pageToken: cursor } : {}),
      }),
    );
    const items = (data.members ?? []).map(
      (m): WorkspaceMember => ({
        externalId: m.id ?? '',
        email: m.email?.toLowerCase() ?? null,
        type: m.type === 'USER' ? 'user' : m.type === 'GROUP' ? 'group' : 'other',
      }),
    );
    return { items, next: data.nextPageToken ?? null };
  }

  async orgUnits(): Promise<WorkspaceOrgUnit[]> {
    const { data } = await google(() =>
      this.directory.orgunits.list({ customerId: 'my_customer', type: 'all' }),
    );
    return (data.organizationUnits ?? []).map((unit) => ({
      path: unit.orgUnitPath ?? '/',
      name: unit.name ?? '',
    }));
  }

  async licences(): Promise<WorkspaceLicence[]> {
    const assigned = await allPages((cursor) => this.licenceAssignments(cursor));
    const bySku = new Map(assigned.map((a) => [a.skuId, a.name]));
    return [...bySku].map(([skuId, name]) => ({ skuId, name }));
  }

  async licenceAssignments(cursor: string | null): Promise<WorkspacePage<WorkspaceLicenceAssignment>> {
    const url = new URL(
      `apps/licensing/v1/product/${WORKSPACE_PRODUCT}/users`,
      this.options.urls.licensingUrl,
    );
    url.searchParams.set('customerId', 'my_customer');
    url.searchParams.set('maxResults', String(PAGE_SIZE));
    if (cursor) url.searchParams.set('pageToken', cursor);
    const { data } = await google(() =>
      this.oauth.request<{
        items?: { userId?: string; skuId?: string; skuName?: string }[];
        nextPageToken?: string;
      }>({ url: url.href, retry: false }),
    );
    const items = (data.items ?? []).map((item) => ({
      email: (item.userId ?? '').toLowerCase(),
      skuId: item.skuId ?? '',
      name: item.skuName ?? item.skuId ?? '',
    }));
    return { items, next: data.nextPageToken ?? null };
  }

  async createUser(input: NewWorkspaceUser): Promise<{ user: WorkspaceUser; groups: GroupChange[] }> {
    const { data } = await google(() =>
      this.directory.users.insert({
        requestBody: {
          primaryEmail: input.email,
          name: { givenName: input.firstName, familyName: input.lastName },
          password: input.password,
          changePasswordAtNextLogin: true,
          orgUnitPath: input.orgUnitPath ?? '/',
        },
      }),
    );
    for (const skuId of input.licenseIds) {
      const url = new URL(
        `apps/licensing/v1/product/${WORKSPACE_PRODUCT}/sku/${encodeURIComponent(skuId)}/user`,
        this.options.urls.licensingUrl,
      );
      await google(() =>
        this.oauth.request({ url: url.href, method: 'POST', data: { userId: input.email }, retry: false }),
      );
    }
    const groups = input.groupIds.length > 0 ? await this.addMembers(input.groupIds, [input.email]) : [];
    return { user: userOf(data), groups };
  }

  async suspendUser(email: string): Promise<void> {
    await google(() => this.directory.users.update({ userKey: email, requestBody: { suspended: true } }));
  }

  async deleteUser(email: string, options: DeleteOptions): Promise<void> {
    if (options.dataInheritor) {
      const inheritor = options.dataInheritor;
      const [from, to] = await Promise.all(
        [email, inheritor].map((key) =>
          google(() => this.directory.users.get({ userKey: key, fields: 'id' })).then(
            ({ data }) => data.id ?? '',
          ),
        ),
      );
      await google(() =>
        this.transfer.transfers.insert({
          requestBody: {
            oldOwnerUserId: from,
            newOwnerUserId: to,
            applicationDataTransfers: [
              {
                applicationId: DRIVE_APPLICATION_ID,
                applicationTransferParams: [{ key: 'PRIVACY_LEVEL', value: ['PRIVATE', 'SHARED'] }],
              },
            ],
          },
        }),
      );
    }
    await google(() => this.directory.users.delete({ userKey: email }));
    // The deleted address becomes an alias of the forwarding target: its mail arrives there.
    if (options.forwardTo) {
      const target = options.forwardTo;
      await google(() =>
        this.directory.users.aliases.insert({ userKey: target, requestBody: { alias: email } }),
      );
    }
  }

  async archiveUser(email: string): Promise<void> {
    await google(() => this.directory.users.update({ userKey: email, requestBody: { archived: true } }));
  }

  async addMembers(groupIds: readonly string[], emails: readonly string[]): Promise<GroupChange[]> {
    const changes: GroupChange[] = [];
    for (const groupId of groupIds) {
      let changed = 0;
      for (const email of emails) {
        try {
          await google(() =>
            this.directory.members.insert({ groupKey: groupId, requestBody: { email, role: 'MEMBER' } }),
          );
          changed++;
        } catch (error) {
          // 409 "Member already exists": the wanted state.
          if (!(error instanceof WorkspaceApiError && error.status === 409)) throw error;
        }
      }
      changes.push({ groupId, changed, issue: null });
    }
    return changes;
  }

  async removeMembers(groupIds: readonly string[], emails: readonly string[]): Promise<GroupChange[]> {
    const changes: GroupChange[] = [];
    for (const groupId of groupIds) {
      let changed = 0;
      for (const email of emails) {
        try {
          await google(() => this.directory.members.delete({ groupKey: groupId, memberKey: email }));
          changed++;
        } catch (error) {
          // Not a member (404): the wanted state.
          if (!(error instanceof WorkspaceNotFound)) throw error;
        }
      }
      changes.push({ groupId, changed, issue: null });
    }
    return changes;
  }
}

function userOf(user: admin_directory_v1.Schema$User): WorkspaceUser {
  return {
    externalId: user.id ?? '',
    email: (user.primaryEmail ?? '').toLowerCase(),
    firstName: user.name?.givenName ?? null,
    lastName: user.name?.familyName ?? null,
    suspended: user.suspended ?? false,
    archived: user.archived ?? false,
    orgUnitPath: user.orgUnitPath ?? null,
  };
}
