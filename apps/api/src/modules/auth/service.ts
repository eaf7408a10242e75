import type { DeferredTasks } from '../../background/deferred-tasks.ts';
import type { AppConfig } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import type { SmsSender } from '../../providers/sms/sms.ts';
import { SEALED_SECRET_PURPOSES, sealingKey } from '../../security/sealed-secrets.ts';
import { AccessTokens } from './access-tokens.ts';
import { AuthService } from './auth-service.ts';
import { loadInstallationKeys } from './keys.ts';
import { LiveSessions } from './sessions.ts';
import { SsoService, sealPlainSsoSecrets } from './sso.ts';

/** What identity is built with (services.ts). */
export interface AuthModuleDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  sms: SmsSender;
  deferred: DeferredTasks;
}

/**
 * Identity, built once: the installation's keys (loaded, or made on the first start), the access
 * tokens signed with them, the check that a token's session is still live (the access plugin's
 * verifier), sign-in and the accounts (AuthService, by operation) and single sign-on.
 */
export async function createAuthService({ db, config, mailer, sms, deferred }: AuthModuleDeps) {
  const keys = await loadInstallationKeys(db, config.jwtSecret);
  const accessTokens = new AccessTokens(keys.jwtSecret, config.accessTokenTtlSeconds);
  const sessions = new LiveSessions(db, accessTokens, config.sessionRecheckMs);
  const auth = new AuthService({ db, config, keys, accessTokens, mailer, sms, sessions, deferred });
  // SSO client secrets are sealed (decision 034); those stored in plain text before are sealed now.
  const ssoKey = sealingKey(keys.jwtSecret, SEALED_SECRET_PURPOSES.ssoClientSecrets);
  await sealPlainSsoSecrets(db, ssoKey);
  const sso = new SsoService(db, auth, config.publicUrl, config.ssoAllowPrivateIssuers, ssoKey);
  return { keys, accessTokens, sessions, auth, sso };
}

export type { AccessTokens } from './access-tokens.ts';
export type { AuthService } from './auth-service.ts';
export type { InstallationKeys } from './keys.ts';
export type { LiveSessions } from './sessions.ts';
export type { SsoService } from './sso.ts';
