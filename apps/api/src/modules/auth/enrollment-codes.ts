import { ErrorType } from '@equip/domain/errors';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { organizations, PROVIDER_ORGANIZATION_UUID, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { AuthPart } from './auth-part.ts';
import { authMail } from './mails.ts';
import { TOKEN_PURPOSES } from './one-time-tokens.ts';
import { counter, POLICIES } from './rate-limit.ts';
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
    await this.limiter.assertAllowed(counters);
    await this.limiter.record(counters);
    this.deps.deferred.defer('enrollment-code-mail', () => this.mailCode(email));
  }

  /** The person of an organisation (not a provider admin, not removed) with this email, or null. */
  private async personByEmail(email: string) {
    const [row] = await this.db
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
          sql`lower(${users.email}) = ${email.toLowerCase()}`,
          isNull(users.deletedAt),
          ne(users.organizationUuid, PROVIDER_ORGANIZATION_UUID),
        ),
      )
      .orderBy(asc(users.createdAt))
      .limit(1);
    return row ?? null;
  }

  private async mailCode(email: string): Promise<void> {
    const mails = counter(POLICIES.enrollmentCodeMailsPerEmail, email);
    if (await this.limiter.exceeded(mails)) return;
    const person = await this.personByEmail(email);
    if (!person) return;
    await this.limiter.record([mails]);
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
    await this.limiter.assertAllowed([failures]);
    const fail = async (): Promise<never> => {
      await this.limiter.record([failures]);
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
    const { locale: _locale, ...enrolling } = person;
    return enrolling;
  }
}
