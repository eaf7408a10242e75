import { ErrorType } from '@equip/domain/errors';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { hasEmail } from '../../db/emails.ts';
import { organizations, PROVIDER_ORGANIZATION_UUID, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { counter } from '../../security/rate-limit.ts';
import { AuthPart } from './auth-part.ts';
import { authMail } from './mails.ts';
import { TOKEN_PURPOSES } from './one-time-tokens.ts';
import { POLICIES } from './rate-limit.ts';
import { numericCode, sameDigest, sha256 } from './secrets.ts';
import { MAX_CODE_ATTEMPTS } from './sign-in.ts';

export const INVALID_ENROLLMENT_CODE = 'The code is not valid or has expired';

const invalidCode = () =>
  new AppError(400, {
    msg: INVALID_ENROLLMENT_CODE,
    location: 'body',
    param: 'code',
    path: ['code'],
    errorType: ErrorType.InvalidMfaCode,
  });

/** Whom a verified enrolment code belongs to. */
export interface EnrollingPerson {
  userUuid: string;
  organizationUuid: string;
  firstName: string;
  email: string;
  organizationName: string;
  organizationIcon: string | null;
}

/**
 * The one-time codes an employee starts unified enrolment (/start) with: six digits mailed to a person
 * of an organisation, stored hashed, valid 10 minutes, one use, at most five tries; a new code retires
 * the earlier one. Asking answers alike for any address (the mail goes out after the answer), so the
 * route tells no stranger who works where.
 */
export class EnrollmentCodes extends AuthPart {
  async request(email: string, ip: string): Promise<void> {
    const counters = [
      counter(POLICIES.enrollmentCodeRequestsPerEmailAndAddress, email, ip),
      counter(POLICIES.enrollmentCodeRequestsPerAddress, ip),
    ];
    await this.limiter.take(counters);
    this.deps.deferred.defer('enrollment-code-mail', () => this.mailCode(email));
  }

  /**
   * The person of an organisation (not a provider admin, not removed, the organisation not
   * deactivated) with this email, or null.
   */
  private async personByEmail(email: string) {
    const rows = await this.db
      .select({
        userUuid: users.uuid,
        organizationUuid: users.organizationUuid,
        firstName: users.firstName,
        email: users.email,
        locale: users.locale,
        organizationName: organizations.name,
        organizationIcon: organizations.icon,
      })
      .from(users)
      .innerJoin(organizations, eq(organizations.uuid, users.organizationUuid))
      .where(
        and(
          hasEmail(email),
          isNull(users.deletedAt),
          ne(users.organizationUuid, PROVIDER_ORGANIZATION_UUID),
          isNull(organizations.deactivatedAt),
        ),
      )
      .limit(2);
    // An email shared before emails were unique (migration 0029) enrols nobody's device.
    return rows.length === 1 ? rows[0]! : null;
  }

  private async mailCode(email: string): Promise<void> {
    const mails = counter(POLICIES.enrollmentCodeMailsPerEmail, email);
    const person = await this.personByEmail(email);
    if (!person) return;
    if (!(await this.limiter.tryTake(mails))) return;
    const code = numericCode(6);
    await this.mailedWithToken(async (tokens, send) => {
      const token = await tokens.create(person.userUuid, TOKEN_PURPOSES.enrollmentCode);
      const row = await tokens.find(token, TOKEN_PURPOSES.enrollmentCode);
      if (!row) throw new Error('the enrolment token just created is missing');
      await tokens.setCode(row.uuid, sha256(`${row.uuid}:${code}`));
      await send(authMail(person.email, person.locale, (t) => t.enrollmentCode(code)));
    });
  }

  /**
   * Spends the person's newest code: the same 400 at `code` for an unknown email, a wrong, used or
   * expired code and one past its five tries. Failures from one address are limited (429).
   */
  async verify(email: string, code: string, ip: string): Promise<EnrollingPerson> {
    const failures = counter(POLICIES.enrollmentCodeFailuresPerAddress, ip);
    await this.limiter.take([failures]);
    const fail = (): never => {
      throw invalidCode();
    };
    const person = await this.personByEmail(email);
    if (!person) return fail();
    const token = await this.tokens.newestLive(person.userUuid, TOKEN_PURPOSES.enrollmentCode);
    if (!token) return fail();
    if (token.attempts >= MAX_CODE_ATTEMPTS) {
      await this.tokens.consume(token.uuid);
      return fail();
    }
    const valid = token.codeHash !== null && sameDigest(sha256(`${token.uuid}:${code}`), token.codeHash);
    if (!valid) {
      const attempts = await this.tokens.recordAttempt(token.uuid);
      if (attempts >= MAX_CODE_ATTEMPTS) await this.tokens.consume(token.uuid);
      return fail();
    }
    if (!(await this.tokens.consume(token.uuid))) return fail();
    await this.limiter.refund([failures]);
    const { locale: _locale, ...enrolling } = person;
    return enrolling;
  }
}
