import { NoContent } from '@equip/domain/common';
import {
  ActAsRequest,
  AuthenticatorSetup,
  ConfirmAuthenticatorRequest,
  CurrentUser,
  LoggedInResponse,
  LoginRequest,
  LoginResponse,
  LogoutRequest,
  MfaLoginRequest,
  OtpGenerateRequest,
  PasswordPublicKey,
  Reauthentication,
  RecoveryCodes,
  RefreshRequest,
  RefreshResponse,
  RequestPasswordResetRequest,
  ResetPasswordRequest,
  SetMfaMethodRequest,
  SetPasswordRequest,
  SsoAuthorizeQuery,
  SsoCallbackQuery,
  SsoStartRequest,
  SsoStartResponse,
  VerifyEmailRequest,
} from '@equip/domain/identity';
import {
  ACCESS_TOKEN_COOKIE,
  AUTH_COOKIE_MAX_AGE_MS,
  REFRESH_TOKEN_COOKIE,
} from '@equip/domain/identity-rules';
import { SetLocaleRequest } from '@equip/domain/locale';
import type { FastifyReply } from 'fastify';
import type { ModuleRoutes } from '../../app-services.ts';
import { EVERYONE, requireAuth } from '../../http/access.ts';
import { counter } from '../../security/rate-limit.ts';
import { POLICIES } from './rate-limit.ts';
import { safeRedirect, ssoErrorLocation } from './sso.ts';
import { SSO_AUTHORIZE_PATH, SSO_CALLBACK_PATH } from './sso-paths.ts';

const SHARED = '/api/user/shared/auth';
const OWNER = '/api/user/owner/auth';
const tags = ['auth'];

/**
 * Identity routes at the paths of SPEC §7. `unprotected` routes need no token; the MFA login
 * completes a sign-in and so needs none either.
 */
export const authRoutes: ModuleRoutes = (app, services) => {
  const { auth, sso, config } = services;
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
    async (request) => auth.signIn.login(request.body.email, request.body.encryptedPassword, request.ip),
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
      await auth.signIn.generateOtp(request.body.mfaToken);
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
    async (request) => auth.signIn.completeMfa(request.body.mfaToken, request.body.code, request.ip),
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
    async (request) => auth.sessions.refresh(request.body.refreshToken, request.ip),
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
      await auth.passwords.requestPasswordReset(request.body.email, request.ip);
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
      await auth.passwords.resetPassword(request.body.token, request.body.encryptedPassword, request.ip);
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
        body: VerifyEmailRequest,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await auth.emailVerification.verifyEmail(request.body.code);
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
        description:
          'Answers the identity provider to go to, or `authorizationUrl: null` when the email does not sign in with single sign-on (the same for unknown emails): the client then asks for the password.',
        body: SsoStartRequest,
        response: { 200: SsoStartResponse },
      },
    },
    async (request) => {
      const starts = counter(POLICIES.ssoStartsPerAddress, request.ip);
      await auth.limiter.take([starts]);
      return sso.start(request.body.email, request.body.redirect);
    },
  );

  app.get(
    SSO_AUTHORIZE_PATH,
    {
      config: pub,
      schema: {
        tags,
        summary: "Equip's step between `sso/start` and the identity provider",
        description:
          "Redirects the browser to the organisation's identity provider for a started single sign-on, or back to the login page with `ssoError` when the round trip has expired or the provider cannot be reached.",
        querystring: SsoAuthorizeQuery,
      },
    },
    async (request, reply) => {
      try {
        return reply.redirect(await sso.authorize(request.query.state));
      } catch (error) {
        return reply.redirect(ssoErrorLocation(error));
      }
    },
  );

  app.get(
    SSO_CALLBACK_PATH,
    {
      config: pub,
      schema: {
        tags,
        summary: 'OpenID Connect redirect target',
        querystring: SsoCallbackQuery,
      },
    },
    async (request, reply) => {
      const url = new URL(request.url, config.publicUrl);
      try {
        const { tokens, redirect } = await sso.callback(url, request.ip);
        setAuthCookies(reply, tokens, config.publicUrl.startsWith('https://'));
        return reply.redirect(safeRedirect(redirect));
      } catch (error) {
        return reply.redirect(ssoErrorLocation(error));
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
    async (request) => auth.account.me(requireAuth(request)),
  );

  app.put(
    `${SHARED}/me/locale`,
    {
      config: everyone,
      schema: {
        tags,
        summary: "Choose the person's language (null: follow the browser); mail follows it too",
        security: [{ bearerAuth: [] }],
        body: SetLocaleRequest,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await auth.account.setLocale(requireAuth(request), request.body.locale);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${SHARED}/logout`,
    {
      config: pub,
      schema: {
        tags,
        summary: 'End the session (of the refresh token in the body and of the access token sent)',
        body: LogoutRequest.optional(),
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await auth.sessions.logout(request.body?.refreshToken, request.auth);
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
      await auth.emailVerification.sendEmailVerification(requireAuth(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${SHARED}/mfa/authenticator/setup`,
    {
      config: everyone,
      schema: {
        tags,
        summary: 'Start authenticator enrolment (needs the password or a current code)',
        security: [{ bearerAuth: [] }],
        body: Reauthentication,
        response: {
          200: AuthenticatorSetup,
        },
      },
    },
    async (request) => auth.account.startTotpEnrolment(requireAuth(request), request.body, request.ip),
  );

  app.post(
    `${SHARED}/mfa/authenticator/confirm`,
    {
      config: everyone,
      schema: {
        tags,
        summary: 'Confirm the authenticator with a code; returns recovery codes',
        security: [{ bearerAuth: [] }],
        body: ConfirmAuthenticatorRequest,
        response: { 200: RecoveryCodes },
      },
    },
    async (request) => auth.account.confirmTotpEnrolment(requireAuth(request), request.body.code),
  );

  app.put(
    `${SHARED}/mfa/method`,
    {
      config: everyone,
      schema: {
        tags,
        summary: 'Choose the second factor (null: none); needs the password or a current code',
        security: [{ bearerAuth: [] }],
        body: SetMfaMethodRequest,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const { method, ...proof } = request.body;
      await auth.account.setMfaMethod(requireAuth(request), method, proof, request.ip);
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
        body: ActAsRequest,
        response: { 200: LoggedInResponse },
      },
    },
    async (request) =>
      auth.sessions.actAs(
        requireAuth(request),
        request.body.organizationUuid,
        request.body.refreshToken,
        request.ip,
      ),
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
      auth.passwords.setPassword(request.body.invitationToken, request.body.encryptedPassword, request.ip),
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
