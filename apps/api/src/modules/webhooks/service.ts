import {
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
  WEBHOOK_RESPONSE_EXCERPT_BYTES,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryListQuery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookEndpointWithSecret,
  webhookPayload,
  webhookRetryDelay,
  webhookTypeOf,
} from '@equip/domain/webhooks';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { TenantReads } from '../../db/tenant-reads.ts';
import type { AuthContext } from '../../http/access.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { type JsonText, readJsonPage } from '../../lists/list-query.ts';
import {
  NonPublicAddressError,
  type OutboundPolicy,
  outboundFetch,
  publicUrlProblem,
  readCappedText,
} from '../../providers/outbound/public-fetch.ts';
import { decryptSecret, encryptSecret } from '../../security/sealed-secrets.ts';
import { type LoggedEvent, logEvent } from '../audit-log/index.ts';
import { deliveryList } from './list.ts';
import {
  deleteEndpoint,
  deliveryForAttempt,
  type EndpointRow,
  fanOutDeliveries,
  findDelivery,
  findDeliveryItem,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  listEndpoints,
  recordAttempt,
  requeueDelivery,
  toEndpoint,
  updateEndpoint,
} from './queries.ts';
import { newWebhookSecret, webhookHeaders } from './secrets.ts';

export const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';
export const DELIVERY_NOT_FOUND = 'Webhook delivery not found';

/** One attempt to plan: the job `webhooks.deliver`. */
export interface PlannedAttempt {
  /** The delivery's organisation: its share of the delivery workers (decision 009). */
  organizationUuid?: string;
  deliveryUuid: string;
  attempt: number;
  firstAttempt: number;
  /** Not before (a retry); now when absent. */
  startAfter?: Date;
}

/**
 * How the webhooks reach the job queue (built in services.ts on the app's job runner): enqueue in the
 * given transaction, and wake this process's delivery workers.
 */
export interface DeliveryQueue {
  enqueue(db: Db, attempts: PlannedAttempt[]): Promise<void>;
  wake(): void;
}

export interface WebhookServiceOptions {
  /** The system handle (the delivery job's reads and writes). */
  db: Db;
  queue: DeliveryQueue;
  /** The key webhook secrets are encrypted with (secrets.ts). */
  secretKey: Buffer;
  /** WEBHOOKS_ALLOW_PRIVATE. */
  policy: OutboundPolicy;
  retryDelaysSeconds?: readonly number[];
  timeoutMs?: number;
}

/** How long a receiver has to answer (connect, headers and the body we read). */
const DEFAULT_TIMEOUT_MS = 10_000;
/** The delivery workers are woken shortly after a fan-out: by then the sending transaction has usually committed. */
const WAKE_AFTER_MS = 10;

interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  durationMs: number | null;
  error: string | null;
  responseExcerpt: string | null;
}

/**
 * The webhooks (decision 010): endpoints of an organisation, the fan-out of logged events into
 * deliveries (in the transaction that logs them), and the attempts of the delivery job.
 */
export class WebhookService {
  private readonly fetch: typeof fetch;
  private readonly retryDelays: readonly number[];
  private readonly timeoutMs: number;

  constructor(private readonly options: WebhookServiceOptions) {
    this.fetch = outboundFetch(options.policy);
    this.retryDelays = options.retryDelaysSeconds ?? WEBHOOK_RETRY_DELAYS_SECONDS;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  // ---- Endpoints (tenant transaction) ----

  async list(tx: Db, auth: AuthContext): Promise<WebhookEndpointList> {
    return { items: (await listEndpoints(tx, auth.organizationUuid)).map(toEndpoint) };
  }

  /** The answer holds the signing secret, this once. Logged as WEBHOOK_ENDPOINT_ADDED (never the secret). */
  async create(
    tx: Db,
    auth: AuthContext,
    body: z.output<typeof CreateWebhookEndpointRequest>,
  ): Promise<WebhookEndpointWithSecret> {
    const secret = newWebhookSecret();
    const row = await insertEndpoint(tx, {
      organizationUuid: auth.organizationUuid,
      url: body.url,
      description: body.description,
      eventTypes: body.eventTypes,
      enabled: body.enabled,
      secretCiphertext: encryptSecret(this.options.secretKey, secret),
    });
    await logEndpointEvent(tx, auth, 'WEBHOOK_ENDPOINT_ADDED', row, auditedFields(row));
    return { ...toEndpoint(row), secret };
  }

  /** Logged as WEBHOOK_ENDPOINT_CHANGED with the changed fields before and after (when any changed). */
  async update(
    tx: Db,
    auth: AuthContext,
    uuid: string,
    body: z.output<typeof UpdateWebhookEndpointRequest>,
  ): Promise<WebhookEndpoint> {
    const before = await findEndpoint(tx, uuid);
    if (!before) throw notFound(ENDPOINT_NOT_FOUND);
    const row = (await updateEndpoint(tx, uuid, body))!;
    const [was, is] = [auditedFields(before), auditedFields(row)];
    const changed = AUDITED_FIELDS.filter(
      (field) => JSON.stringify(was[field]) !== JSON.stringify(is[field]),
    );
    if (changed.length > 0)
      await logEndpointEvent(tx, auth, 'WEBHOOK_ENDPOINT_CHANGED', row, {
        url: row.url,
        before: Object.fromEntries(changed.map((field) => [field, was[field]])),
        after: Object.fromEntries(changed.map((field) => [field, is[field]])),
      });
    return toEndpoint(row);
  }

  /** Deletes the endpoint and its deliveries; logged as WEBHOOK_ENDPOINT_REMOVED with what it was. */
  async remove(tx: Db, auth: AuthContext, uuid: string): Promise<void> {
    const removed = await deleteEndpoint(tx, uuid);
    if (!removed) throw notFound(ENDPOINT_NOT_FOUND);
    await logEndpointEvent(tx, auth, 'WEBHOOK_ENDPOINT_REMOVED', removed, auditedFields(removed));
  }

  /**
   * A new secret (the old one stops signing at once); answered this once. Logged as
   * WEBHOOK_ENDPOINT_SECRET_ROTATED: that it happened, never the secret.
   */
  async rotateSecret(tx: Db, auth: AuthContext, uuid: string): Promise<WebhookEndpointWithSecret> {
    const secret = newWebhookSecret();
    const row = await updateEndpoint(tx, uuid, {
      secretCiphertext: encryptSecret(this.options.secretKey, secret),
    });
    if (!row) throw notFound(ENDPOINT_NOT_FOUND);
    await logEndpointEvent(tx, auth, 'WEBHOOK_ENDPOINT_SECRET_ROTATED', row, { url: row.url });
    return { ...toEndpoint(row), secret };
  }

  /**
   * Refuses an address the policy does not allow (https only; no loopback, private or link-local
   * address), as a 400 at the `url` field. Called before the transaction (it resolves the name).
   */
  async assertUsableUrl(url: string | undefined): Promise<void> {
    if (url === undefined) return;
    const problem = await publicUrlProblem(url, this.options.policy);
    if (problem)
      throw badRequest(`The webhook URL cannot be used: ${problem}`, {
        location: 'body',
        param: 'url',
        path: ['url'],
      });
  }

  /** 404 unless the endpoint is the organisation's. */
  async assertEndpoint(tx: Db, uuid: string): Promise<void> {
    if (!(await findEndpoint(tx, uuid))) throw notFound(ENDPOINT_NOT_FOUND);
  }

  /** A page of an endpoint's deliveries, newest first (after `assertEndpoint`, outside its transaction). */
  deliveries(
    reads: TenantReads,
    auth: AuthContext,
    endpointUuid: string,
    query: WebhookDeliveryListQuery,
  ): Promise<JsonText<WebhookDeliveryPage>> {
    return readJsonPage(reads, deliveryList, auth.organizationUuid, { ...query, endpointUuid });
  }

  /** A new attempt series now, for a delivery of the endpoint (whatever its state). */
  async redeliver(
    tx: Db,
    auth: AuthContext,
    endpointUuid: string,
    deliveryUuid: string,
  ): Promise<WebhookDelivery> {
    if (!(await findEndpoint(tx, endpointUuid))) throw notFound(ENDPOINT_NOT_FOUND);
    const delivery = await findDelivery(tx, endpointUuid, deliveryUuid);
    if (!delivery) throw notFound(DELIVERY_NOT_FOUND);
    await requeueDelivery(tx, deliveryUuid);
    const attempt = delivery.attempts + 1;
    await this.options.queue.enqueue(tx, [
      { organizationUuid: auth.organizationUuid, deliveryUuid, attempt, firstAttempt: attempt },
    ]);
    this.wakeSoon();
    return (await findDeliveryItem(tx, deliveryUuid))!;
  }

  /** A `webhook.test` delivery to this endpoint alone (a disabled endpoint's fails at once). */
  async sendTest(tx: Db, auth: AuthContext, endpointUuid: string): Promise<WebhookDelivery> {
    if (!(await findEndpoint(tx, endpointUuid))) throw notFound(ENDPOINT_NOT_FOUND);
    const payload = webhookPayload(WEBHOOK_TEST_EVENT, {
      uuid: null,
      organizationUuid: auth.organizationUuid,
      subjectUuid: null,
      actorUuid: auth.userUuid,
      data: { message: 'A test event from Equip' },
      createdAt: new Date(),
    });
    const [deliveryUuid] = await insertDeliveries(tx, [
      {
        organizationUuid: auth.organizationUuid,
        endpointUuid,
        eventUuid: null,
        eventType: WEBHOOK_TEST_EVENT,
        payload,
      },
    ]);
    await this.options.queue.enqueue(tx, [
      { organizationUuid: auth.organizationUuid, deliveryUuid: deliveryUuid!, attempt: 1, firstAttempt: 1 },
    ]);
    this.wakeSoon();
    return (await findDeliveryItem(tx, deliveryUuid!))!;
  }

  // ---- Fan-out (the transaction that logs the events) ----

  /**
   * The event log's hook: a delivery for each enabled endpoint subscribed to an event's webhook type,
   * and its first attempt enqueued, in the transaction that logs the events (both exist exactly when
   * the change commits). Events without a webhook type cost nothing; with one, one statement when no
   * endpoint listens.
   */
  async publish(tx: Db, events: LoggedEvent[]): Promise<void> {
    const fanned = events.flatMap((event) => {
      const type = webhookTypeOf(event.type);
      if (!type) return [];
      const payload = webhookPayload(type, {
        uuid: event.uuid,
        organizationUuid: event.organizationUuid,
        subjectUuid: event.subjectUuid ?? null,
        actorUuid: event.actorUuid,
        data: event.data ?? {},
        createdAt: event.createdAt,
      });
      return [
        { organizationUuid: event.organizationUuid, eventUuid: event.uuid, webhookType: type, payload },
      ];
    });
    if (fanned.length === 0) return;
    const deliveries = await fanOutDeliveries(tx, fanned);
    if (deliveries.length === 0) return;
    await this.options.queue.enqueue(
      tx,
      deliveries.map(({ uuid, organizationUuid }) => ({
        organizationUuid,
        deliveryUuid: uuid,
        attempt: 1,
        firstAttempt: 1,
      })),
    );
    this.wakeSoon();
  }

  /**
   * The workers poll every half second; waking them a moment after the fan-out saves most of that.
   * (On PGlite the woken fetch queues behind the transaction on the one connection and finds the job
   * as soon as it commits.)
   */
  private wakeSoon() {
    setTimeout(() => this.options.queue.wake(), WAKE_AFTER_MS).unref();
  }

  // ---- Attempts (the job `webhooks.deliver`) ----

  /**
   * One attempt: POST the payload, signed, to the endpoint; record the outcome; on failure plan the next
   * attempt of the series (WEBHOOK_RETRY_DELAYS_SECONDS) or fail the delivery. An attempt that finds
   * another one recorded since it was planned (a redelivery overtook it) does nothing.
   */
  async attempt(job: PlannedAttempt): Promise<void> {
    const { db } = this.options;
    const delivery = await deliveryForAttempt(db, job.deliveryUuid);
    if (!delivery || delivery.attempts !== job.attempt - 1) return;
    const result: AttemptResult = delivery.enabled
      ? await this.post(
          delivery.url,
          decryptSecret(this.options.secretKey, delivery.secretCiphertext),
          delivery.messageId,
          delivery.payload,
        )
      : {
          ok: false,
          statusCode: null,
          durationMs: null,
          error: 'The endpoint is disabled',
          responseExcerpt: null,
        };
    const delay = result.ok
      ? null
      : delivery.enabled
        ? webhookRetryDelay(job.attempt - job.firstAttempt + 1, this.retryDelays)
        : null;
    const nextAttemptAt = delay === null ? null : new Date(Date.now() + delay * 1000);
    await db.transaction(async (tx) => {
      const recorded = await recordAttempt(tx, job.deliveryUuid, job.attempt, {
        status: result.ok ? 'succeeded' : nextAttemptAt ? 'retrying' : 'failed',
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        error: result.error,
        responseExcerpt: result.responseExcerpt,
        nextAttemptAt,
      });
      if (recorded && nextAttemptAt)
        await this.options.queue.enqueue(tx as unknown as Db, [
          {
            organizationUuid: delivery.organizationUuid,
            deliveryUuid: job.deliveryUuid,
            attempt: job.attempt + 1,
            firstAttempt: job.firstAttempt,
            startAfter: nextAttemptAt,
          },
        ]);
    });
  }

  /** The HTTP request of an attempt: 2xx succeeds; anything else, a 3xx included, fails. */
  private async post(
    url: string,
    secret: string,
    messageId: string,
    payload: Record<string, unknown>,
  ): Promise<AttemptResult> {
    const body = JSON.stringify(payload);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Equip-Webhooks/1.0',
      ...webhookHeaders(secret, messageId, Math.floor(Date.now() / 1000), body),
    };
    // The address is checked again now (the setting may have changed, the name may resolve elsewhere).
    const problem = this.options.policy.allowPrivate ? null : protocolProblem(url);
    if (problem)
      return { ok: false, statusCode: null, durationMs: null, error: problem, responseExcerpt: null };
    const started = performance.now();
    try {
      const response = await this.fetch(url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const { text } = await readCappedText(response, WEBHOOK_RESPONSE_EXCERPT_BYTES);
      const durationMs = Math.round(performance.now() - started);
      const ok = response.status >= 200 && response.status < 300;
      const error = ok
        ? null
        : response.status >= 300 && response.status < 400
          ? `Redirect (${response.status}) not followed`
          : `The endpoint answered ${response.status}`;
      return { ok, statusCode: response.status, durationMs, error, responseExcerpt: text };
    } catch (error) {
      return {
        ok: false,
        statusCode: null,
        durationMs: Math.round(performance.now() - started),
        error: describeFailure(error, this.timeoutMs),
        responseExcerpt: null,
      };
    }
  }
}

/** What the audit log records of an endpoint: everything an administrator sets but the secret. */
const AUDITED_FIELDS = ['url', 'description', 'eventTypes', 'enabled'] as const;
type AuditedFields = Pick<EndpointRow, (typeof AUDITED_FIELDS)[number]>;

const auditedFields = (row: EndpointRow): AuditedFields => ({
  url: row.url,
  description: row.description,
  eventTypes: row.eventTypes,
  enabled: row.enabled,
});

/** An endpoint's change in the event log, in the transaction of the change; the endpoint is its subject. */
function logEndpointEvent(
  tx: Db,
  auth: AuthContext,
  type:
    | 'WEBHOOK_ENDPOINT_ADDED'
    | 'WEBHOOK_ENDPOINT_CHANGED'
    | 'WEBHOOK_ENDPOINT_SECRET_ROTATED'
    | 'WEBHOOK_ENDPOINT_REMOVED',
  endpoint: EndpointRow,
  data: Record<string, unknown>,
) {
  return logEvent(tx, {
    organizationUuid: auth.organizationUuid,
    type,
    actorUuid: auth.userUuid,
    subjectUuid: endpoint.uuid,
    data,
  });
}

function protocolProblem(url: string): string | null {
  return new URL(url).protocol === 'https:' ? null : 'Refused: only https:// addresses are allowed';
}

/** A readable reason for a failed request (undici wraps the cause: "fetch failed"). */
function describeFailure(error: unknown, timeoutMs: number): string {
  const chain: unknown[] = [];
  for (let e: unknown = error; e instanceof Error && chain.length < 5; e = e.cause) chain.push(e);
  if (chain.some((e) => e instanceof NonPublicAddressError))
    return `Refused: ${(chain.find((e) => e instanceof NonPublicAddressError) as Error).message} (private, loopback and link-local addresses need WEBHOOKS_ALLOW_PRIVATE=true)`;
  if (chain.some((e) => e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')))
    return `No answer within ${timeoutMs / 1000} s`;
  const last = chain.at(-1);
  return last instanceof Error ? last.message : String(error);
}

/** The webhooks' service, built once by services.ts (the event log's fan-out and the delivery job use the same one). */
export function createWebhooksService(options: WebhookServiceOptions): WebhookService {
  return new WebhookService(options);
}
