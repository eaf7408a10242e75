import { ErrorType } from '@equip/domain/errors';
import type { AuthContext } from '../../http/access.ts';
import { AppError, unauthorized } from '../../http/errors.ts';
import { counter } from '../../security/rate-limit.ts';
import { AuthPart } from './auth-part.ts';
import { authMail } from './mails.ts';
import { TOKEN_PURPOSES } from './one-time-tokens.ts';
import { POLICIES } from './rate-limit.ts';
import { numericCode, sameDigest, sha256 } from './secrets.ts';
import { MAX_CODE_ATTEMPTS } from './sign-in.ts';

/** What a confirmation code confirms: its one-time token's purpose and the mail it comes in. */
const CONFIRMATIONS = {
  deviceReturn: { purpose: TOKEN_PURPOSES.deviceReturnCode, mail: 'deviceReturnCode' },
} as const;
export type Confirmation = keyof typeof CONFIRMATIONS;

export const INVALID_CONFIRMATION_CODE = 'The code is not valid';

const invalidCode = () =>
  new AppError(400, {
    msg: INVALID_CONFIRMATION_CODE,
    location: 'body',
    param: 'code',
    path: ['code'],
    errorType: ErrorType.InvalidMfaCode,
  });

/**
 * Codes a signed-in person confirms a far-reaching action by (a device return that resets devices): six
 * digits mailed to them in their language, stored hashed, valid 10 minutes, for one use and at most
 * five tries; a new code retires the earlier one. Their own account, so the system handle.
 */
export class ConfirmationCodes extends AuthPart {
  /** Mails the caller a new code (at most 10 an hour). */
  async send(auth: AuthContext, confirmation: Confirmation): Promise<void> {
    const sends = counter(POLICIES.confirmationCodeSendPerAccount, auth.userUuid);
    await this.limiter.take([sends]);
    const user = await this.userByUuid(auth.userUuid);
    if (user.deletedAt) throw unauthorized();
    const { purpose, mail } = CONFIRMATIONS[confirmation];
    await this.mailedWithToken(async (tokens, send) => {
      const token = await tokens.create(user.uuid, purpose);
      const row = await tokens.find(token, purpose);
      if (!row) throw new Error('the confirmation token just created is missing');
      const code = numericCode(6);
      await tokens.setCode(row.uuid, sha256(`${row.uuid}:${code}`));
      await send(authMail(user.email, user.locale, (t) => t[mail](code)));
    });
  }

  /**
   * Spends the caller's code on `work`: a wrong, used or expired code is a 400 at `code` and `work`
   * does not run; the code is used once `work` succeeds, and usable again when `work` fails.
   */
  async redeem<T>(
    auth: AuthContext,
    confirmation: Confirmation,
    code: string,
    work: () => Promise<T>,
  ): Promise<T> {
    const { purpose } = CONFIRMATIONS[confirmation];
    const token = await this.tokens.newestLive(auth.userUuid, purpose);
    if (!token) throw invalidCode();
    if (token.attempts >= MAX_CODE_ATTEMPTS) {
      await this.tokens.consume(token.uuid);
      throw invalidCode();
    }
    const valid =
      token.codeHash !== null && sameDigest(sha256(`${token.uuid}:${code.trim()}`), token.codeHash);
    if (!valid) {
      const attempts = await this.tokens.recordAttempt(token.uuid);
      if (attempts >= MAX_CODE_ATTEMPTS) await this.tokens.consume(token.uuid);
      throw invalidCode();
    }
    // Taken before the work, so that two requests cannot both spend it.
    if (!(await this.tokens.consume(token.uuid))) throw invalidCode();
    try {
      return await work();
    } catch (error) {
      await this.tokens.release(token);
      throw error;
    }
  }
}
