import { ErrorType } from '@equip/domain/errors';
import {
  type CreateProviderAdminRequest,
  type EmailConflict,
  PROVIDER_ADMIN_MESSAGES,
  type ProviderAdmin,
  type ProviderAdminListQuery,
  type ProviderAdminPage,
} from '@equip/domain/provider-admins';
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailsInUseAnywhere, hasEmail, isEmailInUseViolation } from '../../db/emails.ts';
import { PROVIDER_ORGANIZATION_UUID, users } from '../../db/schema/index.ts';
import type { TenantReads } from '../../db/tenant-reads.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type JsonText, readJsonPage } from '../../lists/list-query.ts';
import { INSTALLATION } from '../../lists/system-reads.ts';
import { logEvent } from '../audit-log/index.ts';
import type { AuthService } from '../auth/index.ts';
import { organizationName } from '../organizations/index.ts';
import { providerAdminList } from './list.ts';

type UserRow = typeof users.$inferSelect;

const isProviderAdmin = and(eq(users.organizationUuid, PROVIDER_ORGANIZATION_UUID), isNull(users.deletedAt));

function toProviderAdmin(row: UserRow): ProviderAdmin {
  return {
    uuid: row.uuid,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    invitedAt: row.invitedAt?.toISOString() ?? null,
    hasPassword: row.passwordHash !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Provider admins: the people in the provider organisation, which no tenant transaction can reach. They
 * are managed here by other provider admins (the API) and by the operator (`npm run admin`). The system
 * handle is right: this is no organisation's data.
 */
export class ProviderAdminsService {
  constructor(
    private readonly db: Db,
    private readonly auth: {
      passwords: Pick<AuthService['passwords'], 'mailInvitation'>;
      sessions: Pick<AuthService['sessions'], 'endAllSessionsOf'>;
    },
    /** The system reads (systemReads): they are no organisation's, so their list reads there. */
    private readonly reads: TenantReads,
  ) {}

  /** One page of the provider admins' table, written by the database (on the system reads). */
  page(query: ProviderAdminListQuery): Promise<JsonText<ProviderAdminPage>> {
    return readJsonPage(this.reads, providerAdminList, INSTALLATION, query);
  }

  /** Every provider admin by name (`npm run admin -- list`). */
  async list(): Promise<ProviderAdmin[]> {
    const rows = await this.db
      .select()
      .from(users)
      .where(isProviderAdmin)
      .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`));
    return rows.map(toProviderAdmin);
  }

  /** Adds a provider admin and mails the set-password link; answers the admin and the link. */
  async create(
    actorUuid: string | null,
    input: CreateProviderAdminRequest,
  ): Promise<{ admin: ProviderAdmin; invitationLink: string }> {
    const email = input.email.trim().toLowerCase();
    const emailUsed = () =>
      new AppError(409, {
        msg: PROVIDER_ADMIN_MESSAGES.emailUsed(email),
        errorType: ErrorType.EmailIsUsed,
        location: 'body',
        param: 'email',
        value: email,
      });
    // An email is one account in the whole installation: a provider admin's, or anyone's.
    if ((await emailsInUseAnywhere(this.db, [email])).size > 0) throw emailUsed();
    const [created] = await this.db
      .insert(users)
      .values({
        organizationUuid: PROVIDER_ORGANIZATION_UUID,
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'equip-admin',
        userType: 'unmanagedUser',
        source: 'equip',
      })
      .returning()
      .catch((error: unknown) => {
        throw isEmailInUseViolation(error) ? emailUsed() : error;
      });
    const admin = created!;
    const [inviter] = actorUuid ? await this.db.select().from(users).where(eq(users.uuid, actorUuid)) : [];
    const invitationLink = await this.auth.passwords.mailInvitation(admin, {
      inviterName: inviter ? `${inviter.firstName} ${inviter.lastName}` : 'The Equip operator',
      organizationName: 'the provider admins of this Equip installation',
    });
    const [invited] = await this.db
      .update(users)
      .set({ invitedAt: new Date() })
      .where(eq(users.uuid, admin.uuid))
      .returning();
    await logEvent(this.db, {
      organizationUuid: PROVIDER_ORGANIZATION_UUID,
      type: 'PROVIDER_ADMIN_ADDED',
      actorUuid,
      subjectUuid: admin.uuid,
      data: { email },
    });
    return { admin: toProviderAdmin(invited ?? admin), invitationLink };
  }

  /** Disables a provider admin: they can no longer sign in, and their sessions end. */
  async disable(actorUuid: string | null, uuid: string): Promise<void> {
    if (uuid === actorUuid) {
      throw new AppError(409, { msg: PROVIDER_ADMIN_MESSAGES.notYourself, errorType: ErrorType.Conflict });
    }
    const [target] = await this.db
      .select()
      .from(users)
      .where(and(isProviderAdmin, eq(users.uuid, uuid)));
    if (!target) throw notFound(PROVIDER_ADMIN_MESSAGES.notFound);
    const [others] = await this.db
      .select({ n: count() })
      .from(users)
      .where(and(isProviderAdmin, ne(users.uuid, uuid)));
    if ((others?.n ?? 0) === 0) {
      throw new AppError(409, { msg: PROVIDER_ADMIN_MESSAGES.lastOne, errorType: ErrorType.Conflict });
    }
    await this.db
      .update(users)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.uuid, uuid));
    await this.auth.sessions.endAllSessionsOf(uuid);
    await logEvent(this.db, {
      organizationUuid: PROVIDER_ORGANIZATION_UUID,
      type: 'PROVIDER_ADMIN_DISABLED',
      actorUuid,
      subjectUuid: uuid,
      data: { email: target.email },
    });
  }

  /**
   * The emails accounts shared before an email identified one account (migration 0029), with the
   * accounts and their organisations: what provider admins mend, since none of these signs in by email.
   */
  async emailConflicts(): Promise<EmailConflict[]> {
    const rows = await this.db
      .select({
        key: users.emailKey,
        uuid: users.uuid,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        organizationUuid: users.organizationUuid,
      })
      .from(users)
      .where(and(eq(users.emailConflict, true), isNull(users.deletedAt)))
      .orderBy(users.emailKey, users.createdAt);
    const names = new Map<string, string>();
    const byEmail = new Map<string, EmailConflict>();
    for (const { key, ...account } of rows) {
      if (!names.has(account.organizationUuid))
        names.set(
          account.organizationUuid,
          (await organizationName(this.db, account.organizationUuid)) ?? '',
        );
      const email = key ?? account.email;
      const conflict = byEmail.get(email) ?? { email, accounts: [] };
      conflict.accounts.push({ ...account, organizationName: names.get(account.organizationUuid)! });
      byEmail.set(email, conflict);
    }
    // An email whose other accounts have since changed theirs is no conflict any more.
    return [...byEmail.values()].filter((conflict) => conflict.accounts.length > 1);
  }

  /** Finds a provider admin by email (the CLI's `disable`). */
  async findByEmail(email: string): Promise<ProviderAdmin | null> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(isProviderAdmin, hasEmail(email.trim())));
    return row ? toProviderAdmin(row) : null;
  }
}

/** What the provider admins' service is built with (services.ts). */
export interface ProviderAdminsDeps {
  db: Db;
  /** The system reads (lists/system-reads.ts) the table's pages are read on. */
  reads: TenantReads;
  auth: AuthService;
}

export function createProviderAdminsService({ db, reads, auth }: ProviderAdminsDeps): ProviderAdminsService {
  return new ProviderAdminsService(db, auth, reads);
}
