import {
  HR_CHECK_ERRORS,
  type HrCredentialField,
  type HrProvider,
  hasHrClient,
  noHrClientMessage,
} from '@equip/domain/integrations';
import { z } from 'zod';
import type { AppConfig } from '../../config/env.ts';
import { decryptSecret, encryptSecret } from '../../security/sealed-secrets.ts';
import { equipUserAgent, outboundFetch } from '../outbound/public-fetch.ts';
import type { HrAdapter, HrCheckResult } from './adapter.ts';
import { BambooHrClient } from './bamboohr.ts';
import { HiBobClient } from './hibob.ts';
import { PersonioClient } from './personio.ts';
import { SANDBOX_HR_PAGE, SandboxHrAdapter } from './sandbox.ts';

/** An HR system's API credentials, by field (`HR_CREDENTIAL_FIELDS`): what a client needs. */
export type HrCredentials = Partial<Record<HrCredentialField, string>>;
const StoredCredentials = z.record(z.string(), z.string());

/** An organisation's stored integration: its credentials sealed (null: the sandbox, without any). */
export interface StoredIntegration {
  provider: HrProvider;
  credentialsEncrypted: string | null;
  /** The organisation: the sandbox's scripted changes are per organisation (decision 038). */
  organizationUuid?: string;
}

/** Why no adapter can read an integration's HR system. */
export class NoHrAdapter extends Error {
  override name = 'NoHrAdapter';
}

/**
 * Picks the adapter of an integration (decision 029): the installation's sandbox HR system where it is
 * on (the demo, tests: every kind), else the kind's real client (Personio, BambooHR, HiBob) with the opened
 * credentials.
 * Seals the credentials for storage and opens them again; every request goes through `outboundFetch`.
 */
export class HrAdapters {
  constructor(
    private readonly options: AppConfig['hr'],
    /** The key credentials are sealed with (security/sealed-secrets.ts, purpose `hrCredentials`). */
    private readonly key: Buffer,
    private readonly fetcher: typeof fetch = outboundFetch({
      allowPrivate: options.allowPrivateServers,
      userAgent: equipUserAgent('hr'),
    }),
  ) {}

  /** Whether the sandbox serves integrations (HR_SANDBOX, on with the demo). */
  get sandbox(): boolean {
    return this.options.sandbox;
  }

  /** Whether a kind can be connected here: the sandbox serves every kind, else only those with a client. */
  connectable(provider: HrProvider): boolean {
    return this.options.sandbox || hasHrClient(provider);
  }

  /** The adapter for these credentials; throws NoHrAdapter for a kind that cannot be reached. */
  with(provider: HrProvider, credentials: HrCredentials | null, organizationUuid?: string): HrAdapter {
    if (this.options.sandbox)
      return new SandboxHrAdapter(provider, Date.now, SANDBOX_HR_PAGE, organizationUuid ?? null);
    if (!credentials) throw new NoHrAdapter(HR_CHECK_ERRORS.credentialsUnreadable);
    const http = {
      fetcher: this.fetcher,
      timeoutMs: this.options.requestTimeoutMs,
      maxRetryWaitMs: this.options.maxRetryWaitMs,
    };
    if (provider === 'personio')
      return new PersonioClient(
        { clientId: credentials.clientId ?? '', clientSecret: credentials.clientSecret ?? '' },
        { ...http, baseUrl: this.options.personioUrl },
      );
    if (provider === 'bamboohr')
      return new BambooHrClient(
        { companyDomain: credentials.companyDomain ?? '', apiKey: credentials.apiKey ?? '' },
        { ...http, baseUrl: this.options.bambooHrUrl },
      );
    if (provider === 'hibob')
      return new HiBobClient(
        { clientId: credentials.clientId ?? '', clientSecret: credentials.clientSecret ?? '' },
        { ...http, baseUrl: this.options.hiBobUrl },
      );
    throw new NoHrAdapter(noHrClientMessage(provider));
  }

  /** The adapter of a stored integration (its credentials opened). */
  for(integration: StoredIntegration): HrAdapter {
    return this.with(integration.provider, this.open(integration), integration.organizationUuid);
  }

  /** Tests the credentials against the HR system; never throws for the system's sake. */
  check(provider: HrProvider, credentials: HrCredentials | null): Promise<HrCheckResult> {
    return this.with(provider, credentials).check();
  }

  /** `check` of a stored integration; credentials that cannot be opened are a failed check. */
  async checkStored(integration: StoredIntegration): Promise<HrCheckResult> {
    let credentials: HrCredentials | null;
    try {
      credentials = this.open(integration);
    } catch {
      credentials = null;
    }
    if (!credentials && !this.options.sandbox)
      return { ok: false, error: HR_CHECK_ERRORS.credentialsUnreadable, detail: null, field: 'credentials' };
    if (!this.connectable(integration.provider))
      return { ok: false, error: HR_CHECK_ERRORS.noClient, detail: null, field: 'credentials' };
    return this.check(integration.provider, credentials);
  }

  /** The credentials sealed for storage, as one JSON object. */
  seal(credentials: HrCredentials): string {
    return encryptSecret(this.key, JSON.stringify(credentials));
  }

  /** Null for none stored; throws for credentials sealed under another installation secret. */
  private open(integration: StoredIntegration): HrCredentials | null {
    if (!integration.credentialsEncrypted) return null;
    return StoredCredentials.parse(JSON.parse(decryptSecret(this.key, integration.credentialsEncrypted)));
  }
}
