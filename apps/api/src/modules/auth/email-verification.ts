import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { AuthContext } from '../../http/access.ts';
import { AuthPart, invalidToken } from './auth-part.ts';
import { authMail } from './mails.ts';
import { TOKEN_PURPOSES } from './one-time-tokens.ts';

/** Confirming that an email address is the person's: a mailed single-use link. */
export class EmailVerification extends AuthPart {
  async sendEmailVerification(auth: AuthContext): Promise<void> {
    const user = await this.userByUuid(auth.userUuid);
    if (user.emailVerifiedAt) return;
    await this.mailedWithToken(async (tokens, send) => {
      const token = await tokens.create(user.uuid, TOKEN_PURPOSES.emailVerification);
      await send(
        authMail(user.email, user.locale, (t) =>
          t.emailVerification(`${this.deps.config.publicUrl}/auth/verify/${encodeURIComponent(token)}`),
        ),
      );
    });
  }

  async verifyEmail(code: string): Promise<void> {
    const token = await this.tokens.find(code, TOKEN_PURPOSES.emailVerification);
    if (!token || !(await this.tokens.consume(token.uuid)))
      throw invalidToken('This verification link is invalid or has expired');
    await this.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.uuid, token.userUuid));
  }
}
