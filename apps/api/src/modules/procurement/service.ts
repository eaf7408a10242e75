import { decideCatalogWrite, decideDraftWrite, type ProcurementScope } from '@equip/domain/access';
import { ErrorType } from '@equip/domain/errors';
import type {
  CatalogItem,
  CatalogListQuery,
  CheckoutRecord,
  Checkout as CheckoutRequest,
  CheckoutView,
  CreateCatalogItemRequest,
  OrderDetail,
  OrderListQuery,
  OrderMonthTotals,
  ProcurementDraftRecord,
  ProcurementDraftRequest,
  RevokeCheckout,
  UpdateCatalogItemRequest,
} from '@equip/domain/procurement';
import { DeliveryAddress, deliveryAddressProblems } from '@equip/domain/procurement';
import { transition } from '@equip/domain/procurement-status';
import type { z } from 'zod';
import type { AppJobs } from '../../background/app-job-types.ts';
import type { Db } from '../../db/client.ts';
import type { TenantReads } from '../../db/tenant-reads.ts';
import type { AuthContext } from '../../http/access.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { assertDecision } from '../../http/grants.ts';
import {
  type ProcurementAdapter,
  type ProcurementProviderKind,
  ProcurementRefused,
  ProcurementUnavailable,
} from '../../providers/procurement/adapter.ts';
import { personRef } from '../people/index.ts';
import { applyOrderUpdate, orderOf, type StepLog } from './orders.ts';
import {
  catalogItemOf,
  checkoutForUpdate,
  checkoutViewOf,
  deleteCatalogItem,
  draftOf,
  insertCatalogItem,
  insertCheckout,
  insertDraft,
  listCatalog,
  listOrders,
  openCheckoutOfDraft,
  orderableSpecifications,
  orderDetailOf,
  orderMonthTotals,
  rentableSpecifications,
  replaceDraft,
  revokeCheckout,
  updateCatalogItem,
} from './queries.ts';
import { receiveWebhook, rotateWebhookSecret } from './webhooks.ts';

export const PROCUREMENT_MESSAGES = {
  itemNotFound: 'Catalog item not found',
  personNotFound: 'Employee not found',
  specificationNotFound: 'Catalog specification not found',
  draftNotFound: 'Draft not found',
  checkoutNotFound: 'Checkout not found',
  orderNotFound: 'Order not found',
  providerUnavailable: 'The procurement provider cannot answer now; try again later',
  draftHasCheckout: 'The draft already has an open or accepted checkout',
  noProvider: 'No procurement provider is configured for this installation',
  notRentable: 'This catalog specification cannot be rented',
  draftIncomplete: 'The draft has no devices or no complete delivery address yet',
} as const;

const at = (...path: (string | number)[]) => ({ location: 'body' as const, param: path.join('.'), path });

/** Runs work in the caller's tenant transaction (the route's `request.tenant`). */
export type TenantRunner = <T>(work: (tx: Db) => Promise<T>) => Promise<T>;

export interface ProcurementDeps {
  /**
   * The system handle: General catalog items belong to no organisation, so provider admins write them
   * outside any tenant (decision 031), after the domain's rule allowed it.
   */
  systemDb: Db;
  /** The checkout's steps at the provider run as jobs (`procurement.checkout`, `procurement.order`). */
  jobs: AppJobs;
  /** The installation's procurement provider (the sandbox in the demo), or none configured. */
  adapter: ProcurementAdapter | null;
  /** The key the providers' inbound webhook secrets are sealed with (purpose `procurementWebhooks`). */
  webhookKey: Buffer;
}

/** A transition refused by the status table, as a 409 in the spec's error payload, logged. */
export class IllegalTransitionError extends AppError {}
export function assertTransition(
  family: Parameters<typeof transition>[0],
  from: string,
  to: string,
  log?: (message: string) => void,
): void {
  const result = transition(family, from, to);
  if (result.ok) return;
  log?.(result.message);
  throw new IllegalTransitionError(409, {
    msg: result.message,
    errorType: result.errorType,
    value: { family, from, to, reason: result.reason, allowed: result.allowed },
  });
}

/**
 * A draft's values once allowed and checked: who may make it (the domain's rule, decision 004), then
 * the address per country, the buyer and recipient among the organisation's people, and every
 * specification one the organisation may order. All refusals before anything is written.
 */
async function checkedDraft(
  tx: Db,
  auth: AuthContext,
  input: ProcurementDraftRequest,
): Promise<Omit<ProcurementDraftRecord, 'uuid' | 'createdAt'>> {
  assertDecision(decideDraftWrite(auth, { organizationUuid: input.organizationUuid }));
  const problems = deliveryAddressProblems(input.deliveryAddress);
  if (problems.length > 0)
    throw new AppError(
      400,
      problems.map((p) => ({
        msg: p.message,
        errorType: ErrorType.ZodValidationError,
        value: input.deliveryAddress[p.field],
        ...at('deliveryAddress', p.field),
      })),
    );
  if (!(await personRef(tx, input.buyerUserUuid)))
    throw notFound(PROCUREMENT_MESSAGES.personNotFound, at('buyerUserUuid'));
  if (input.recipientUserUuid && !(await personRef(tx, input.recipientUserUuid)))
    throw notFound(PROCUREMENT_MESSAGES.personNotFound, at('recipientUserUuid'));
  const wanted = input.items.map((item) => item.procurementItemSpecificationUuid);
  const orderable = await orderableSpecifications(tx, auth.organizationUuid, wanted);
  const missing = wanted.findIndex((uuid) => !orderable.has(uuid));
  if (missing >= 0)
    throw notFound(
      PROCUREMENT_MESSAGES.specificationNotFound,
      at('items', missing, 'procurementItemSpecificationUuid'),
    );
  if (input.purchaseType === 'rent') {
    const rentable = await rentableSpecifications(tx, wanted);
    const unrentable = wanted.findIndex((uuid) => !rentable.has(uuid));
    if (unrentable >= 0)
      throw badRequest(
        PROCUREMENT_MESSAGES.notRentable,
        at('items', unrentable, 'procurementItemSpecificationUuid'),
      );
  }
  return {
    organizationUuid: auth.organizationUuid,
    procurementIntent: input.procurementIntent,
    buyerUserUuid: input.buyerUserUuid,
    recipientUserUuid: input.recipientUserUuid ?? null,
    purchaseType: input.purchaseType,
    deliveryAddress: {
      ...input.deliveryAddress,
      country: input.deliveryAddress.country.trim().toUpperCase(),
    },
    items: input.items,
  };
}

export function createProcurementService(deps: ProcurementDeps) {
  const { systemDb } = deps;

  /**
   * The item as the caller may see it: IT owners through their tenant (General and their own), provider
   * admins on the system handle, held to the organisation they act for by the rule.
   */
  async function findItem(tenant: TenantRunner, auth: AuthContext, uuid: string): Promise<CatalogItem> {
    const item =
      auth.role === 'equip-admin'
        ? await catalogItemOf(systemDb, uuid)
        : await tenant((tx) => catalogItemOf(tx, uuid));
    if (!item || (item.organizationUuid !== null && item.organizationUuid !== auth.organizationUuid))
      throw notFound(PROCUREMENT_MESSAGES.itemNotFound);
    return item;
  }

  /** Where an item of this scope is written: General on the system handle, an organisation's in its tenant. */
  const writerOf =
    (tenant: TenantRunner, scope: ProcurementScope) =>
    <T>(work: (db: Db) => Promise<T>): Promise<T> =>
      scope === 'General' ? systemDb.transaction((tx) => work(tx as unknown as Db)) : tenant(work);

  return {
    listCatalog: (reads: TenantReads, auth: AuthContext, query: CatalogListQuery) =>
      listCatalog(reads, auth.organizationUuid, query),

    catalogItem: (tenant: TenantRunner, auth: AuthContext, uuid: string) => findItem(tenant, auth, uuid),

    async createCatalogItem(
      tenant: TenantRunner,
      auth: AuthContext,
      input: CreateCatalogItemRequest,
    ): Promise<CatalogItem> {
      assertDecision(
        decideCatalogWrite(auth, input.scope, null, { organizationUuid: input.organizationUuid }),
      );
      const { scope, organizationUuid: _named, specifications, ...values } = input;
      const owner = scope === 'General' ? null : auth.organizationUuid;
      return writerOf(
        tenant,
        scope,
      )(async (db) => {
        const uuid = await insertCatalogItem(db, owner, values, specifications);
        return (await catalogItemOf(db, uuid))!;
      });
    },

    async updateCatalogItem(
      tenant: TenantRunner,
      auth: AuthContext,
      uuid: string,
      input: UpdateCatalogItemRequest,
    ): Promise<CatalogItem> {
      const item = await findItem(tenant, auth, uuid);
      assertDecision(decideCatalogWrite(auth, item.scope, item));
      const { specifications, ...values } = input;
      return writerOf(
        tenant,
        item.scope,
      )(async (db) => {
        await updateCatalogItem(db, uuid, item.organizationUuid, values, specifications);
        return (await catalogItemOf(db, uuid))!;
      });
    },

    async deleteCatalogItem(tenant: TenantRunner, auth: AuthContext, uuid: string): Promise<void> {
      const item = await findItem(tenant, auth, uuid);
      assertDecision(decideCatalogWrite(auth, item.scope, item));
      await writerOf(tenant, item.scope)((db) => deleteCatalogItem(db, uuid));
    },

    /** A new draft (checked by `checkedDraft`). */
    async createDraft(
      tx: Db,
      auth: AuthContext,
      input: ProcurementDraftRequest,
    ): Promise<ProcurementDraftRecord> {
      return insertDraft(tx, await checkedDraft(tx, auth, input));
    },

    /**
     * Replaces a draft's content with the order wizard's (a hardware request's approval made the draft
     * before the wizard completed it): the same checks as a new draft, refused once it has an open or
     * accepted checkout. Its intent stays what it was.
     */
    async replaceDraft(
      tx: Db,
      auth: AuthContext,
      uuid: string,
      input: ProcurementDraftRequest,
    ): Promise<ProcurementDraftRecord> {
      assertDecision(decideDraftWrite(auth, { organizationUuid: input.organizationUuid }));
      const draft = await draftOf(tx, auth.organizationUuid, uuid);
      if (!draft) throw notFound(PROCUREMENT_MESSAGES.draftNotFound);
      if (await openCheckoutOfDraft(tx, draft.uuid))
        throw conflict(PROCUREMENT_MESSAGES.draftHasCheckout, { value: draft.uuid });
      const values = await checkedDraft(tx, auth, input);
      const { procurementIntent: _kept, organizationUuid: _same, ...content } = values;
      return (await replaceDraft(tx, uuid, content))!;
    },

    async draft(tx: Db, auth: AuthContext, uuid: string): Promise<ProcurementDraftRecord> {
      const draft = await draftOf(tx, auth.organizationUuid, uuid);
      if (!draft) throw notFound(PROCUREMENT_MESSAGES.draftNotFound);
      return draft;
    },

    /** The draft goes to a procurement provider: a checkout in `created` (one open per draft). */
    async createCheckout(
      tx: Db,
      auth: AuthContext,
      input: z.infer<typeof CheckoutRequest>,
    ): Promise<CheckoutRecord> {
      assertDecision(decideDraftWrite(auth, { organizationUuid: auth.organizationUuid }));
      const draft = await draftOf(tx, auth.organizationUuid, input.procurementUuid);
      if (!draft) throw notFound(PROCUREMENT_MESSAGES.draftNotFound, at('procurementUuid'));
      // A hardware request's approval makes a draft the wizard completes: not sent before it is.
      if (draft.items.length === 0 || !DeliveryAddress.safeParse(draft.deliveryAddress).success)
        throw badRequest(PROCUREMENT_MESSAGES.draftIncomplete, {
          ...at('procurementUuid'),
          value: draft.uuid,
        });
      if (await openCheckoutOfDraft(tx, draft.uuid))
        throw conflict(PROCUREMENT_MESSAGES.draftHasCheckout, {
          ...at('procurementUuid'),
          value: draft.uuid,
        });
      if (!deps.adapter || deps.adapter.provider !== input.procurementProviderKind)
        throw new AppError(503, {
          msg: PROCUREMENT_MESSAGES.noProvider,
          errorType: ErrorType.ServiceUnavailable,
          ...at('procurementProviderKind'),
        });
      const checkout = await insertCheckout(tx, {
        organizationUuid: auth.organizationUuid,
        draftUuid: draft.uuid,
        providerKind: input.procurementProviderKind,
      });
      // Handed to the provider with the checkout's commit; its steps follow as jobs.
      await deps.jobs.send(
        'procurement.checkout',
        { organizationUuid: auth.organizationUuid, checkoutUuid: checkout.uuid },
        { db: tx, key: `${checkout.uuid}:created` },
      );
      return checkout;
    },

    listOrders: (reads: TenantReads, auth: AuthContext, query: OrderListQuery) =>
      listOrders(reads, auth.organizationUuid, query),

    orderMonthTotals(tx: Db, auth: AuthContext): Promise<OrderMonthTotals> {
      return orderMonthTotals(tx, auth.organizationUuid);
    },

    async checkout(tx: Db, auth: AuthContext, uuid: string): Promise<CheckoutView> {
      const checkout = await checkoutViewOf(tx, auth.organizationUuid, uuid);
      if (!checkout) throw notFound(PROCUREMENT_MESSAGES.checkoutNotFound);
      return checkout;
    },

    async order(tx: Db, auth: AuthContext, uuid: string): Promise<OrderDetail> {
      const order = await orderDetailOf(tx, auth.organizationUuid, uuid);
      if (!order) throw notFound(PROCUREMENT_MESSAGES.orderNotFound);
      return order;
    },

    /**
     * Cancels an order where the status table and the provider still allow it: the table first (a
     * delivered or rejected order is final), then the provider (an order whose parcel left is refused),
     * then the change, in one tenant transaction.
     */
    async cancelOrder(
      tenant: TenantRunner,
      auth: AuthContext,
      uuid: string,
      log: StepLog,
    ): Promise<OrderDetail> {
      assertDecision(decideDraftWrite(auth, { organizationUuid: auth.organizationUuid }));
      const order = await tenant((tx) => orderOf(tx, uuid));
      if (!order || order.organizationUuid !== auth.organizationUuid)
        throw notFound(PROCUREMENT_MESSAGES.orderNotFound);
      assertTransition('order', order.status, 'canceled', (message) =>
        log.warn({ order: uuid }, `procurement: ${message}`),
      );
      if (!deps.adapter)
        throw new AppError(503, {
          msg: PROCUREMENT_MESSAGES.noProvider,
          errorType: ErrorType.ServiceUnavailable,
        });
      try {
        await deps.adapter.cancelOrder(order);
      } catch (error) {
        if (error instanceof ProcurementRefused)
          throw new AppError(409, { msg: error.message, errorType: 'IllegalStatusTransition' });
        if (error instanceof ProcurementUnavailable)
          throw new AppError(503, {
            msg: PROCUREMENT_MESSAGES.providerUnavailable,
            errorType: ErrorType.ServiceUnavailable,
          });
        throw error;
      }
      return tenant(async (tx) => {
        const applied = await applyOrderUpdate(tx, uuid, { status: 'canceled' }, log);
        if (!applied.applied)
          throw new AppError(409, { msg: applied.reason, errorType: 'IllegalStatusTransition' });
        return (await orderDetailOf(tx, auth.organizationUuid, uuid))!;
      });
    },

    /** A provider admin makes the provider's webhook secret (shown once; the previous one stops working). */
    rotateWebhookSecret: (provider: ProcurementProviderKind) =>
      rotateWebhookSecret(systemDb, deps.webhookKey, provider),

    /** An inbound, signed webhook of the provider (no caller: the signature is the authority). */
    receiveWebhook: (
      provider: ProcurementProviderKind,
      raw: string,
      headers: Record<string, string | string[] | undefined>,
      log: StepLog,
    ) => receiveWebhook(systemDb, deps.webhookKey, provider, raw, headers, log),

    /** Revoking voids an open checkout, with the reason; the status table refuses it once decided. */
    async revokeCheckout(
      tx: Db,
      auth: AuthContext,
      uuid: string,
      input: z.infer<typeof RevokeCheckout>,
      log?: (message: string) => void,
    ): Promise<CheckoutRecord> {
      assertDecision(decideDraftWrite(auth, { organizationUuid: auth.organizationUuid }));
      const checkout = await checkoutForUpdate(tx, auth.organizationUuid, uuid);
      if (!checkout) throw notFound(PROCUREMENT_MESSAGES.checkoutNotFound);
      assertTransition('checkout', checkout.status, 'voided', log);
      if (!input.reason.trim()) throw badRequest('A reason is required', at('reason'));
      return revokeCheckout(tx, uuid, input.reason, auth.userUuid);
    },
  };
}

export type ProcurementService = ReturnType<typeof createProcurementService>;
