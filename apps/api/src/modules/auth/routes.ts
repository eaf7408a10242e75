import {
  ACCESS_TOKEN_COOKIE,
  AUTH_COOKIE_MAX_AGE_MS,
  CurrentUser,
  LoggedInResponse,
  LoginRequest,
  LoginResponse,
  MfaLoginRequest,
  MfaMethod,
  OtpGenerateRequest,
  PasswordPublicKey,
  REFRESH_TOKEN_COOKIE,
  RefreshRequest,
  RefreshResponse,
  RequestPasswordResetRequest,
  ResetPasswordRequest,
  SetPasswordRequest,
  SsoStartRequest,
} from '@equip/domain/identity';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ADMINS, EVERYONE, requireAuth } from '../../http/access.ts';
import type { ModuleRoutes } from '../../http/types.ts';
import { SandboxSmsSender } from '../../providers/sms/sms.ts';
import { AuthService } from './service.ts';
import { SSO_CALLBACK_PATH, SsoService, safeRedirect } from './sso.ts';

const NoContent = z.null().describe('No content');
const SHARED = '/api/user/shared/auth';
const OWNER = '/api/user/owner/auth';
const tags = ['auth'];

/**
 * Identity routes at the paths of SPEC §7. `unprotected` routes need no token; the MFA login
 * completes a sign-in and so needs none either.
 */
export const authRoutes: ModuleRoutes = (app, services) => {
  const { database, config } = services;
  const auth = new AuthService({
    db: database.db,
    config,
    keys: services.keys,
    accessTokens: services.accessTokens,
    mailer: services.mailer,
    sms: new SandboxSmsSender(database.db),
  });
  const sso = new SsoService(
    database.db,
    auth,
    config.publicUrl,
    config.env !== 'production' || config.publicUrl.startsWith('http://localhost'),
  );
  const pub = { access: 'public' as const };
  const everyone = { access: { roles: EVERYONE } };

  app.get(
    `${SHARED}/unprotected/public-key`,
    {
      config: pub,
      schema: {
        tags,
        summary: 'RSA-OAEP-256 key the browser encrypts passwords with',
        response: { 200: PasswordPublicKey },
      },
    },
    async () => services.keys.passwordPublicJwk,
  );

  app.post(
    `${SHARED}/unprotected/login`,
    {
      config: pub,
      schema: {
        tags,
        summary: 'Sign in with email and encrypted password',
        body: LoginRequest,
        response: { 200: LoginResponse },
      },
    },
    async (request) => auth.login(request.body.email, request.body.encryptedPassword, request.ip),
  );

  app.post(
    `${SHARED}/unprotected/otp/generate`,
    {
      config: pub,
      schema: {
        tags,
        summary: 'Send the emailed or texted sign-in code (again)',
        body: OtpGenerateRequest,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await auth.generateOtp(request.body.mfaToken, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${SHARED}/mfa/login`,
    {
      config: pub,
      schema: {
        tags,
        summary: 'Complete a sign-in with the second factor',
        body: MfaLoginRequest,
        response: { 200: LoggedInResponse },
      },
    },
    async (request) => auth.completeMfa(request.body.mfaToken, request.body.code, request.ip),
  );

  app.post(
    `${SHARED}/unprotected/refresh`,
    {
      config: pub,
      schema: {
        tags,
        summary: 'Rotate the refresh token',
        body: RefreshRequest,
        response: { 200: RefreshResponse },
      },
    },
    async (request) => auth.refresh(request.body.refreshToken, request.ip),
  );

  app.post(
    `${SHARED}/unprotected/request-password-reset`,
    {
      config: pub,
      schema: {
        tags,
        summary: 'Mail a password reset link (same answer for unknown emails)',
        body: RequestPasswordResetRequest,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await auth.requestPasswordReset(request.body.email, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${SHARED}/unprotected/reset-password`,
    {
      config: pub,
      schema: {
        tags,
        summary: 'Set a new password with a reset link token',
        body: ResetPasswordRequest,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await auth.resetPassword(request.body.token, request.body.encryptedPassword, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${SHARED}/unprotected/verify-email`,
    {
      config: pub,
      schema: {
        tags,
        summary: 'Confirm an email address with the mailed code',
        body: z.object({ code: z.string().min(1) }),
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await auth.verifyEmail(request.body.code);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${SHARED}/unprotected/sso/start`,
    {
      config: pub,
      schema: {
        tags,
        summary: 'Start single sign-on (OpenID Connect)',
        body: SsoStartRequest,
        response: { 200: z.object({ authorizationUrl: z.url() }) },
      },
    },
    async (request) => {
      await auth.limiter.assertAllowed([{ key: `sso:ip:${request.ip}`, limit: 100 }]);
      await auth.limiter.record(`sso:ip:${request.ip}`);
      return sso.start(request.body.email, request.body.redirect);
    },
  );

  app.get(
    SSO_CALLBACK_PATH,
    {
      config: pub,
      schema: {
        tags,
        summary: 'OpenID Connect redirect target',
        querystring: z.record(z.string(), z.string()),
      },
    },
    async (request, reply) => {
      const url = new URL(request.url, config.publicUrl);
      try {
        const { tokens, redirect } = await sso.callback(url, request.ip);
        setAuthCookies(reply, tokens, config.publicUrl.startsWith('https://'));
        return reply.redirect(safeRedirect(redirect));
      } catch (error) {
        const errorType =
          (error as { entries?: { errorType?: string }[] }).entries?.[0]?.errorType ??
          'SSOAuthenticationErrorUnknown';
        return reply.redirect(`/auth/login?ssoError=${encodeURIComponent(errorType)}`);
      }
    },
  );

  app.get(
    `${SHARED}/me`,
    {
      config: everyone,
      schema: {
        tags,
        summary: 'The current user',
        security: [{ bearerAuth: [] }],
        response: { 200: CurrentUser },
      },
    },
    async (request) => auth.me(requireAuth(request)),
  );

  app.post(
    `${SHARED}/logout`,
    {
      config: pub,
      schema: {
        tags,
        summary: 'End the session of a refresh token',
        body: z.object({ refreshToken: z.string().optional() }).optional(),
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await auth.logout(request.body?.refreshToken);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${SHARED}/send-verification`,
    {
      config: everyone,
      schema: {
        tags,
        summary: 'Mail a link that confirms the email address',
        security: [{ bearerAuth: [] }],
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await auth.sendEmailVerification(requireAuth(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${SHARED}/mfa/authenticator/setup`,
    {
      config: everyone,
      schema: {
        tags,
        summary: 'Start authenticator enrolment',
        security: [{ bearerAuth: [] }],
        response: {
          200: z.object({ secret: z.string(), otpauthUrl: z.string(), qrCodeDataUrl: z.string() }),
        },
      },
    },
    async (request) => auth.startTotpEnrolment(requireAuth(request)),
  );

  app.post(
    `${SHARED}/mfa/authenticator/confirm`,
    {
      config: everyone,
      schema: {
        tags,
        summary: 'Confirm the authenticator with a code; returns recovery codes',
        security: [{ bearerAuth: [] }],
        body: z.object({ code: z.string().min(6).max(6) }),
        response: { 200: z.object({ recoveryCodes: z.array(z.string()) }) },
      },
    },
    async (request) => auth.confirmTotpEnrolment(requireAuth(request), request.body.code),
  );

  app.put(
    `${SHARED}/mfa/method`,
    {
      config: everyone,
      schema: {
        tags,
        summary: 'Choose the second factor (null: none)',
        security: [{ bearerAuth: [] }],
        body: z.object({ method: MfaMethod.nullable() }),
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await auth.setMfaMethod(requireAuth(request), request.body.method);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${SHARED}/act-as`,
    {
      config: { access: { roles: ['equip-admin'] } },
      schema: {
        tags,
        summary: 'Provider admins: act for another organisation',
        security: [{ bearerAuth: [] }],
        body: z.object({ organizationUuid: z.uuid(), refreshToken: z.string().optional() }),
        response: { 200: LoggedInResponse },
      },
    },
    async (request) =>
      auth.actAs(requireAuth(request), request.body.organizationUuid, request.body.refreshToken, request.ip),
  );

  app.post(
    `${OWNER}/unprotected/set-password`,
    {
      config: pub,
      schema: {
        tags,
        summary: 'Accept an invitation by setting a password',
        body: SetPasswordRequest,
        response: { 200: LoggedInResponse },
      },
    },
    async (request) =>
      auth.setPassword(request.body.invitationToken, request.body.encryptedPassword, request.ip),
  );

  app.post(
    `${OWNER}/invite`,
    {
      config: { access: { roles: ADMINS } },
      schema: {
        tags,
        summary: 'Invite an employee to Equip (mails a set-password link)',
        security: [{ bearerAuth: [] }],
        body: z.object({ userUuid: z.uuid() }),
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await auth.invite(requireAuth(request), request.body.userUuid);
      return reply.status(204).send(null);
    },
  );
};

/** The token cookies of SPEC §3/§9 (read by the browser, which sends the access token as Bearer). */
export function setAuthCookies(
  reply: FastifyReply,
  tokens: { accessToken: string; refreshToken: string },
  secure: boolean,
) {
  const options = {
    path: '/',
    maxAge: AUTH_COOKIE_MAX_AGE_MS / 1000,
    sameSite: 'strict' as const,
    secure,
    httpOnly: false,
  };
  reply.setCookie(ACCESS_TOKEN_COOKIE, tokens.accessToken, options);
  reply.setCookie(REFRESH_TOKEN_COOKIE, tokens.refreshToken, options);
}
