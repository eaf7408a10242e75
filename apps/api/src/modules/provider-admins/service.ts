import { ErrorType } from '@equip/domain/errors';
import {
  type CreateProviderAdminRequest,
  PROVIDER_ADMIN_MESSAGES,
  type ProviderAdmin,
} from '@equip/domain/provider-admins';
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { PROVIDER_ORGANIZATION_UUID, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuthService } from '../auth/index.ts';
import { logEvent } from '../events/index.ts';

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
  ) {}

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
    const [taken] = await this.db
      .select({ uuid: users.uuid })
      .from(users)
      .where(and(isProviderAdmin, sql`lower(${users.email}) = ${email}`));
    if (taken) {
      throw new AppError(409, {
        msg: PROVIDER_ADMIN_MESSAGES.emailUsed(email),
        errorType: ErrorType.EmailIsUsed,
        location: 'body',
        param: 'email',
        value: email,
      });
    }
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
      .returning();
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

  /** Finds a provider admin by email (the CLI's `disable`). */
  async findByEmail(email: string): Promise<ProviderAdmin | null> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(isProviderAdmin, sql`lower(${users.email}) = ${email.trim().toLowerCase()}`));
    return row ? toProviderAdmin(row) : null;
  }
}
