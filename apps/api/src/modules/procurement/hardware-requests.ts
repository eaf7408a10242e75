import {
  decideDraftWrite,
  decideHardwareRequestReview,
  decideHardwareRequestWithdraw,
} from '@equip/domain/access';
import type { DeviceType } from '@equip/domain/devices';
import { isFlagOn } from '@equip/domain/flags';
import {
  type CreateHardwareRequest,
  type DeclineHardwareRequest,
  HARDWARE_REQUEST_MESSAGES,
  HARDWARE_REQUESTS_FLAG,
  HardwareRequest,
  type HardwareRequestListQuery,
  type HardwareRequestOutcome,
  type HardwareRequestPage,
  type HardwareRequestSortingKey,
  HardwareRequestStatus,
  type HardwareRequest as HardwareRequestType,
  type MyHardwareRequestsQuery,
  type RequestableModels,
} from '@equip/domain/hardware-requests';
import type { DeliveryAddress } from '@equip/domain/procurement';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogItemSpecifications, catalogItems, hardwareRequests, orders } from '../../db/schema/index.ts';
import type { TenantReads } from '../../db/tenant-reads.ts';
import type { AuthContext } from '../../http/access.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { assertDecision } from '../../http/grants.ts';
import { defineList, inEnum, type JsonText, readJsonPage } from '../../lists/list-query.ts';
import { logEvent } from '../audit-log/index.ts';
import { flagIsOn, readFlagValues } from '../flags/index.ts';
import { personRef, personSql } from '../people/index.ts';
import { insertDraft } from './queries.ts';
import { assertTransition } from './service.ts';

/**
 * Hardware requests (issue 31 item 4, decision 037): a person asks for a device with a reason; IT owners
 * (and provider admins acting for the organisation) approve it — it becomes a procurement draft with the
 * intent HardwareRequest that the order wizard completes — or decline it with a reason; the requester
 * may withdraw it while it waits. Behind the flag `it-2305-hardware-requests` (off: a change is 404,
 * the lists are empty). The status
 * moves only as the status table's `hardwareRequest` family allows.
 */

const r = hardwareRequests;
const s = catalogItemSpecifications;
const c = catalogItems;

/** The list's query, with the requester the "my requests" read keeps to (never from the caller's query). */
type RequestQuery = HardwareRequestListQuery & { requesterUserUuid?: string };

const specification = sql`(select json_build_object('uuid', ${s.uuid}, 'label', ${c.label},
    'chip', ${s.chip}, 'memory', ${s.memory}, 'storage', ${s.storage}, 'color', ${s.color},
    'keyboardLanguage', ${s.keyboardLanguage}, 'screenSize', ${s.screenSize}, 'priceCents', ${s.priceCents},
    'rentPriceCents', ${s.rentPriceCents}, 'currency', ${s.currency})
  from ${s} join ${c} on ${c.uuid} = ${s.catalogItemUuid} where ${s.uuid} = ${r.specificationUuid})`;

export const hardwareRequestList = defineList<RequestQuery, HardwareRequestType, HardwareRequestSortingKey>(
  HardwareRequest,
  {
    name: 'hardware-requests',
    columns: {
      uuid: sql`${r.uuid}`,
      requester: personSql.json(sql`${r.requesterUserUuid}`),
      deviceType: sql`${r.deviceType}`,
      specificationUuid: sql`${r.specificationUuid}`,
      specification,
      reason: sql`${r.reason}`,
      status: sql`${r.status}`,
      decisionReason: sql`${r.decisionReason}`,
      decidedBy: personSql.json(sql`${r.decidedByUserUuid}`),
      decidedAt: sql`${r.decidedAt}`,
      draftUuid: sql`${r.draftUuid}`,
      createdAt: sql`${r.createdAt}`,
      updatedAt: sql`${r.updatedAt}`,
    },
    from: () => sql`${r}`,
    where: (query, organizationUuid) => [
      eq(r.organizationUuid, organizationUuid),
      // Flag off: no requests to list (read where the statement runs).
      flagIsOn(HARDWARE_REQUESTS_FLAG),
      query.statuses?.length ? inEnum(r.status, query.statuses, HardwareRequestStatus.options) : undefined,
      query.requesterUserUuid ? eq(r.requesterUserUuid, query.requesterUserUuid) : undefined,
    ],
    sorts: { createdAt: { columns: [sql`${r.createdAt}`], keyset: true } },
    tieBreaker: sql`${r.uuid}`,
    sortOf: (query) => ({
      key: query.sortingKey ?? 'createdAt',
      direction: query.sortingDirection ?? 'desc',
    }),
    total: () => 'window',
  },
);

const at = (...path: string[]) => ({ location: 'body' as const, param: path.join('.'), path });

const fullName = (person: { firstName: string; lastName: string } | null) =>
  person ? `${person.firstName} ${person.lastName}`.trim() : '';

export function createHardwareRequestService() {
  /**
   * Off: the requests do not exist (404 for a change; the lists are empty). Read in the request's
   * transaction (tenants may read flags; a second handle would wait on it).
   */
  async function assertOn(db: Db): Promise<void> {
    if (!isFlagOn((await readFlagValues(db))[HARDWARE_REQUESTS_FLAG]))
      throw notFound(HARDWARE_REQUEST_MESSAGES.flagOff);
  }

  /** The request of the caller's organisation, locked for the change, or 404. */
  async function requestForUpdate(tx: Db, auth: AuthContext, uuid: string) {
    const [row] = await tx
      .select()
      .from(r)
      .where(and(eq(r.uuid, uuid), eq(r.organizationUuid, auth.organizationUuid)))
      .for('update');
    if (!row) throw notFound(HARDWARE_REQUEST_MESSAGES.notFound);
    return row;
  }

  const outcome = (row: typeof r.$inferSelect): HardwareRequestOutcome => ({
    uuid: row.uuid,
    status: row.status,
    draftUuid: row.draftUuid,
  });

  return {
    /** Anyone signed in asks for themselves; a chosen model must be orderable and of the type asked for. */
    async create(tx: Db, auth: AuthContext, input: CreateHardwareRequest): Promise<HardwareRequestOutcome> {
      await assertOn(tx);
      if (input.specificationUuid) {
        const [spec] = await tx
          .select({ deviceType: c.deviceType })
          .from(s)
          .innerJoin(c, eq(c.uuid, s.catalogItemUuid))
          .where(
            and(
              eq(s.uuid, input.specificationUuid),
              or(isNull(s.organizationUuid), eq(s.organizationUuid, auth.organizationUuid)),
            ),
          );
        if (!spec) throw notFound(HARDWARE_REQUEST_MESSAGES.specificationNotFound, at('specificationUuid'));
        if (spec.deviceType !== input.deviceType)
          throw badRequest(HARDWARE_REQUEST_MESSAGES.wrongDeviceType, {
            ...at('specificationUuid'),
            value: input.specificationUuid,
          });
      }
      const [row] = await tx
        .insert(r)
        .values({
          organizationUuid: auth.organizationUuid,
          requesterUserUuid: auth.userUuid,
          deviceType: input.deviceType,
          specificationUuid: input.specificationUuid ?? null,
          reason: input.reason,
        })
        .returning();
      await logEvent(tx, {
        organizationUuid: auth.organizationUuid,
        type: 'HARDWARE_REQUEST_CREATED',
        actorUuid: auth.userUuid,
        subjectUuid: auth.userUuid,
        data: {
          requestUuid: row!.uuid,
          requesterName: fullName(await personRef(tx, auth.userUuid)),
          reason: input.reason,
        },
      });
      return outcome(row!);
    },

    /**
     * The models a person may name (General and the organisation's own specifications, of a type when
     * given), by label, at most 500; no prices (the catalog with prices is the IT owners').
     */
    async models(tx: Db, auth: AuthContext, deviceType: DeviceType | undefined): Promise<RequestableModels> {
      await assertOn(tx);
      const rows = await tx
        .select({
          specificationUuid: s.uuid,
          deviceType: c.deviceType,
          label: c.label,
          chip: s.chip,
          memory: s.memory,
          storage: s.storage,
          color: s.color,
          keyboardLanguage: s.keyboardLanguage,
          screenSize: s.screenSize,
        })
        .from(s)
        .innerJoin(c, eq(c.uuid, s.catalogItemUuid))
        .where(
          and(
            or(isNull(s.organizationUuid), eq(s.organizationUuid, auth.organizationUuid)),
            deviceType ? eq(c.deviceType, deviceType) : undefined,
          ),
        )
        .orderBy(c.label, s.priceCents, s.uuid)
        .limit(500);
      return { items: rows };
    },

    /** The caller's own requests, newest first. */
    async mine(
      reads: TenantReads,
      auth: AuthContext,
      query: MyHardwareRequestsQuery,
    ): Promise<JsonText<HardwareRequestPage>> {
      return readJsonPage(reads, hardwareRequestList, auth.organizationUuid, {
        ...query,
        requesterUserUuid: auth.userUuid,
      });
    },

    /** The organisation's requests for its IT owners (status filter, newest first). */
    async list(
      reads: TenantReads,
      auth: AuthContext,
      query: HardwareRequestListQuery,
    ): Promise<JsonText<HardwareRequestPage>> {
      assertDecision(decideHardwareRequestReview(auth));

      const { requesterUserUuid: _never, ...own } = query as RequestQuery;
      return readJsonPage(reads, hardwareRequestList, auth.organizationUuid, own);
    },

    /**
     * Approval makes the procurement draft the order wizard completes: intent HardwareRequest, the
     * approver buying for the requester, the requester's saved address (their latest order's) or one to
     * fill in, and the chosen model when there is one.
     */
    async approve(tx: Db, auth: AuthContext, uuid: string): Promise<HardwareRequestOutcome> {
      assertDecision(decideHardwareRequestReview(auth));
      assertDecision(decideDraftWrite(auth, { organizationUuid: auth.organizationUuid }));
      await assertOn(tx);
      const request = await requestForUpdate(tx, auth, uuid);
      assertTransition('hardwareRequest', request.status, 'approved');
      const requester = await personRef(tx, request.requesterUserUuid);
      const [latest] = await tx
        .select({ deliveryAddress: orders.deliveryAddress })
        .from(orders)
        .where(
          and(
            eq(orders.organizationUuid, auth.organizationUuid),
            eq(orders.recipientUserUuid, request.requesterUserUuid),
          ),
        )
        .orderBy(desc(orders.createdAt))
        .limit(1);
      const toFill: DeliveryAddress = {
        recipient: fullName(requester),
        address: '',
        city: '',
        postalCode: '',
        country: '',
      };
      const draft = await insertDraft(tx, {
        organizationUuid: auth.organizationUuid,
        procurementIntent: 'HardwareRequest',
        buyerUserUuid: auth.userUuid,
        recipientUserUuid: request.requesterUserUuid,
        purchaseType: 'one-time-purchase',
        deliveryAddress: latest?.deliveryAddress ?? toFill,
        items: request.specificationUuid
          ? [{ quantity: 1, procurementItemSpecificationUuid: request.specificationUuid }]
          : [],
      });
      const [row] = await tx
        .update(r)
        .set({
          status: 'approved',
          decidedByUserUuid: auth.userUuid,
          decidedAt: new Date(),
          draftUuid: draft.uuid,
          updatedAt: new Date(),
        })
        .where(eq(r.uuid, uuid))
        .returning();
      await logEvent(tx, {
        organizationUuid: auth.organizationUuid,
        type: 'HARDWARE_REQUEST_APPROVED',
        actorUuid: auth.userUuid,
        subjectUuid: request.requesterUserUuid,
        data: { requestUuid: uuid, requesterName: fullName(requester), reason: request.reason },
      });
      return outcome(row!);
    },

    /** Declining needs a reason, which the requester is told. */
    async decline(
      tx: Db,
      auth: AuthContext,
      uuid: string,
      input: DeclineHardwareRequest,
    ): Promise<HardwareRequestOutcome> {
      assertDecision(decideHardwareRequestReview(auth));
      await assertOn(tx);
      const request = await requestForUpdate(tx, auth, uuid);
      assertTransition('hardwareRequest', request.status, 'declined');
      const [row] = await tx
        .update(r)
        .set({
          status: 'declined',
          decisionReason: input.reason,
          decidedByUserUuid: auth.userUuid,
          decidedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(r.uuid, uuid))
        .returning();
      await logEvent(tx, {
        organizationUuid: auth.organizationUuid,
        type: 'HARDWARE_REQUEST_DECLINED',
        actorUuid: auth.userUuid,
        subjectUuid: request.requesterUserUuid,
        data: {
          requestUuid: uuid,
          requesterName: fullName(await personRef(tx, request.requesterUserUuid)),
          reason: input.reason,
        },
      });
      return outcome(row!);
    },

    /** The requester takes their request back while it waits (no event: nobody needs telling). */
    async withdraw(tx: Db, auth: AuthContext, uuid: string): Promise<HardwareRequestOutcome> {
      await assertOn(tx);
      const request = await requestForUpdate(tx, auth, uuid);
      assertDecision(decideHardwareRequestWithdraw(auth, request));
      assertTransition('hardwareRequest', request.status, 'withdrawn');
      const [row] = await tx
        .update(r)
        .set({ status: 'withdrawn', updatedAt: new Date() })
        .where(eq(r.uuid, uuid))
        .returning();
      return outcome(row!);
    },
  };
}

export type HardwareRequestService = ReturnType<typeof createHardwareRequestService>;
