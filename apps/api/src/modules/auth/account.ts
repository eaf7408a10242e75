import { ErrorType } from '@equip/domain/errors';
import type { CurrentUser, MfaMethod } from '@equip/domain/identity';
import type { Locale } from '@equip/domain/locale';
import { eq } from 'drizzle-orm';
import { organizations, recoveryCodes, users } from '../../db/schema/index.ts';
import type { AuthContext } from '../../http/access.ts';
import { AppError, badRequest, unauthorized } from '../../http/errors.ts';
import { counter } from '../../security/rate-limit.ts';
import { logEvent } from '../audit-log/index.ts';
import { AuthPart, mfaMethodOf, type Reauthentication, type User } from './auth-part.ts';
import { verifyPassword } from './passwords.ts';
import { POLICIES } from './rate-limit.ts';
import { sha256 } from './secrets.ts';
import { newRecoveryCodes, newTotpSecret, totpEnrolment, verifyTotp } from './totp.ts';

/** The signed-in person's own account: who they are, and their second factor. */
export class Account extends AuthPart {
  async me(auth: AuthContext): Promise<CurrentUser> {
    const user = await this.userByUuid(auth.userUuid);
    const [org] = await this.db
      .select()
      .from(organizations)
      .where(eq(organizations.uuid, auth.organizationUuid));
    if (!org || user.deletedAt) throw unauthorized();
    return {
      identifier: user.uuid,
      treats: { organization_uuid: auth.organizationUuid },
      accountUuid: user.uuid,
      organizationUuid: auth.organizationUuid,
      role: user.role,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      organizationName: org.name,
      organizationIcon: org.icon,
      mfaMethods: enabledMfaMethods(user),
      locale: user.locale ?? null,
      timeZone: org.timeZone,
    };
  }

  /**
   * The person's language for the UI and their mail; null follows the browser. Their own row, also
   * when a provider admin acts for an organisation (so not through the tenant transaction).
   */
  async setLocale(auth: AuthContext, locale: Locale | null): Promise<void> {
    await this.userByUuid(auth.userUuid);
    await this.db.update(users).set({ locale, updatedAt: new Date() }).where(eq(users.uuid, auth.userUuid));
  }

  /**
   * Starts authenticator enrolment: a new secret, shown as a QR code, active once confirmed. Needs the
   * password or a current code: a borrowed access token alone cannot add a factor.
   */
  async startTotpEnrolment(auth: AuthContext, proof: Reauthentication, ip: string) {
    const user = await this.userByUuid(auth.userUuid);
    await this.assertReauthenticated(user, proof, ip);
    const secret = newTotpSecret();
    await this.db.update(users).set({ totpPendingSecret: secret }).where(eq(users.uuid, user.uuid));
    return totpEnrolment(secret, user.email);
  }

  async confirmTotpEnrolment(auth: AuthContext, code: string): Promise<{ recoveryCodes: string[] }> {
    const user = await this.userByUuid(auth.userUuid);
    if (!user.totpPendingSecret) throw badRequest('Start the authenticator setup first');
    const step = await verifyTotp(user.totpPendingSecret, code.trim(), null);
    if (step === null)
      throw badRequest('The code is not valid', {
        location: 'body',
        param: 'code',
        errorType: ErrorType.InvalidMfaCode,
      });
    const codes = newRecoveryCodes();
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          totpSecret: user.totpPendingSecret,
          totpPendingSecret: null,
          totpEnabledAt: new Date(),
          totpLastTimeStep: step,
          preferredMfaMethod: 'authenticator',
        })
        .where(eq(users.uuid, user.uuid));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userUuid, user.uuid));
      await tx.insert(recoveryCodes).values(codes.map((c) => ({ userUuid: user.uuid, codeHash: sha256(c) })));
      await logEvent(tx, {
        organizationUuid: user.organizationUuid,
        type: 'MFA_ENROLLED',
        actorUuid: user.uuid,
        subjectUuid: user.uuid,
        data: { method: 'authenticator' },
      });
    });
    return { recoveryCodes: codes };
  }

  /**
   * Chooses the second factor: email or text codes, or none (the authenticator is removed). Needs the
   * password or a current code.
   */
  async setMfaMethod(
    auth: AuthContext,
    method: MfaMethod | null,
    proof: Reauthentication,
    ip: string,
  ): Promise<void> {
    const user = await this.userByUuid(auth.userUuid);
    await this.assertReauthenticated(user, proof, ip);
    if (method === 'authenticator' && !user.totpEnabledAt)
      throw badRequest('Set up the authenticator app first');
    if (method === 'sms-code' && !user.phone) throw badRequest('Add a phone number first');
    const clearsAuthenticator = method !== 'authenticator';
    await this.db
      .update(users)
      .set({
        preferredMfaMethod: method,
        ...(clearsAuthenticator
          ? { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastTimeStep: null }
          : {}),
      })
      .where(eq(users.uuid, user.uuid));
    if (clearsAuthenticator) await this.db.delete(recoveryCodes).where(eq(recoveryCodes.userUuid, user.uuid));
    if (method === null && mfaMethodOf(user) !== null) {
      await logEvent(this.db, {
        organizationUuid: user.organizationUuid,
        type: 'MFA_DISABLED',
        actorUuid: user.uuid,
        subjectUuid: user.uuid,
      });
    }
  }

  /**
   * The password, or a current authenticator or recovery code. People who have neither (signed in only
   * through single sign-on, without an authenticator) need none. Wrong proofs count like failed logins.
   */
  private async assertReauthenticated(user: User, proof: Reauthentication, ip: string): Promise<void> {
    if (!user.passwordHash && !user.totpEnabledAt) return;
    const pair = counter(POLICIES.loginPerAccountAndAddress, user.email, ip);
    await this.limiter.take([pair]);
    let proven = false;
    if (proof.encryptedPassword && user.passwordHash) {
      const password = this.plainPassword(proof.encryptedPassword);
      proven = await verifyPassword(user.passwordHash, password);
    } else if (proof.code && user.totpEnabledAt) {
      const code = proof.code.trim();
      proven = (await this.acceptTotp(user, code)) || (await this.acceptRecoveryCode(user, code));
    }
    if (!proven) {
      throw new AppError(403, {
        msg: user.totpEnabledAt
          ? 'Confirm with your password or a code from your authenticator app'
          : 'Confirm with your password',
        errorType: ErrorType.ReauthenticationRequired,
        location: 'body',
        param: proof.code ? 'code' : 'encryptedPassword',
      });
    }
    await this.limiter.refund([pair]);
  }
}

function enabledMfaMethods(user: User): MfaMethod[] {
  const method = mfaMethodOf(user);
  return method ? [method] : [];
}
