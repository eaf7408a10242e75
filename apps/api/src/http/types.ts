import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { AccessTokens } from '../modules/auth/access-tokens.ts';
import type { InstallationKeys } from '../modules/auth/keys.ts';
import type { Mailer } from '../providers/mail/mailer.ts';

/** A Fastify instance whose routes are typed by their zod schemas. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What the modules are given: configuration, the database and the adapters to the outside world. */
export interface AppServices {
  config: AppConfig;
  database: Database;
  keys: InstallationKeys;
  accessTokens: AccessTokens;
  mailer: Mailer;
}

/** Each area registers its routes through one of these. */
export type ModuleRoutes = (app: App, services: AppServices) => Promise<void> | void;
