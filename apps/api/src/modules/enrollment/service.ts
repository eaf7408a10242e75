import type { DeviceOs } from '@equip/domain/devices';
import {
  type AgentCheckInResult,
  type AgentCredentials,
  type AgentReport,
  DEVICE_NOT_RECOGNISED,
  deviceKindOf,
  type EnrollmentSession,
  type EnrollmentVerifyRequest,
  isAbmFlow,
  type RegisterEnrollmentDeviceRequest,
  type RegisteredEnrollmentDevice,
} from '@equip/domain/enrollment';
import { ErrorType } from '@equip/domain/errors';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenancy.ts';
import type { TenantReads } from '../../db/tenant-reads.ts';
import { AppError, notFound, tooManyRequests, unauthorized } from '../../http/errors.ts';
import { logEvent } from '../audit-log/index.ts';
import type { AuthService } from '../auth/index.ts';
import { organizationName } from '../organizations/index.ts';
import { personRef } from '../people/index.ts';
import { checkInAgent, replaceAgent, writeAgentSoftware } from './check-in.ts';
import { addEnrollingDevice, enrollableDeviceOf, setEnrollmentState } from './enrolling-devices.ts';
import {
  enrollmentByToken,
  finishEnrollment,
  insertSession,
  liveSession,
  setEnrollmentToken,
} from './queries.ts';
import { ENROLLMENT_TOKEN_TTL_MS, issueToken, readToken, SESSION_TTL_MS } from './tokens.ts';

/** Check-ins one device may make per minute (it reports once a minute; retries fit in). */
export const CHECK_INS_PER_MINUTE = 10;
const MINUTE_MS = 60 * 1000;

export const ENROLLMENT_SESSION_INVALID = 'The enrolment session is invalid or has expired';
export const AGENT_TOKEN_INVALID = 'The agent token is invalid or was replaced';
export const ENROLLMENT_TOKEN_EXPIRED = 'The enrolment token has expired; start the enrolment again';
export const ENROLLMENT_OS_MISMATCH = 'This device is not the one the enrolment was started for';

const DEVICE_NAMES: Record<DeviceOs | 'TABLET', (firstName: string) => string> = {
  MACOS: (n) => `${n}'s Mac`,
  WINDOWS: (n) => `${n}'s PC`,
  IOS: (n) => `${n}'s iPhone`,
  TABLET: (n) => `${n}'s iPad`,
  UNKNOWN: (n) => `${n}'s device`,
};

/** An error the enrolment answers after its transaction committed what the failure changed. */
class Refusal {
  constructor(readonly error: AppError) {}
}

/**
 * Unified enrolment and the companion agent (decision 013). The routes are public at the framework
 * level: each authenticates its own bearer token (session, one-time agent token, agent credential), and
 * everything after the token runs in that token's organisation's tenant transaction.
 */
export class EnrollmentService {
  constructor(
    /** The system handle (tenant transactions) and the pipelined tenant statements (check-ins). */
    private readonly database: { db: Db; reads: TenantReads },
    private readonly auth: AuthService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private tenant<T>(organizationUuid: string, work: (tx: Db) => Promise<T>): Promise<T> {
    return withTenant(this.database.db, organizationUuid, work);
  }

  requestCode(email: string, ip: string): Promise<void> {
    return this.auth.enrollmentCodes.request(email, ip);
  }

  /** A verified code starts an enrolment session (the login response the /start slice keeps). */
  async verify(request: EnrollmentVerifyRequest, ip: string): Promise<EnrollmentSession> {
    const person = await this.auth.enrollmentCodes.verify(request.email, request.code, ip);
    const { token, hash } = issueToken('ees', person.organizationUuid);
    const expiresAt = new Date(this.now().getTime() + SESSION_TTL_MS);
    await this.tenant(person.organizationUuid, (tx) =>
      insertSession(tx, {
        organizationUuid: person.organizationUuid,
        userUuid: person.userUuid,
        email: person.email,
        flow: request.enrollmentFlow,
        sessionHash: hash,
        sessionExpiresAt: expiresAt,
      }),
    );
    return {
      accessToken: token,
      tokenExpiryTime: expiresAt.getTime(),
      organizationName: person.organizationName,
      organizationIcon: person.organizationIcon,
      userFirstName: person.firstName,
    };
  }

  /**
   * Registers the device the person is on: their device of this kind waiting for enrolment, or (web
   * flows) a new one assigned to them; ABM flows only enrol a device the organisation registered (else
   * "Device not recognised"). The device becomes PENDING_ENROLLMENT; the agent token is shown once.
   */
  async registerDevice(
    sessionToken: string | null,
    request: RegisterEnrollmentDeviceRequest,
  ): Promise<RegisteredEnrollmentDevice> {
    const session = readToken('ees', sessionToken);
    if (!session) throw unauthorized(ENROLLMENT_SESSION_INVALID);
    return this.tenant(session.organizationUuid, async (tx) => {
      const live = await liveSession(tx, session.hash);
      if (!live) throw unauthorized(ENROLLMENT_SESSION_INVALID);
      const person = { userUuid: live.userUuid, organizationUuid: session.organizationUuid };
      const flow = request.enrollmentFlow;
      const kind = deviceKindOf(flow);
      const notRecognised = () =>
        notFound(DEVICE_NOT_RECOGNISED, {
          location: 'body',
          param: 'enrollmentFlow',
          path: ['enrollmentFlow'],
        });
      if (!kind) throw notRecognised();
      let device = await enrollableDeviceOf(tx, person, kind, request.serialNumber);
      if (!device) {
        if (isAbmFlow(flow)) throw notRecognised();
        const firstName = await this.firstNameOf(tx, live.userUuid);
        const name = DEVICE_NAMES[kind.type === 'TABLET' ? 'TABLET' : kind.os](firstName);
        device = await addEnrollingDevice(tx, person, { name, ...kind, serialNumber: request.serialNumber });
      }
      await setEnrollmentState(tx, device.uuid, 'PENDING_ENROLLMENT');
      const { token, hash } = issueToken('eqe', session.organizationUuid);
      const expiresAt = new Date(this.now().getTime() + ENROLLMENT_TOKEN_TTL_MS);
      await setEnrollmentToken(tx, live.uuid, {
        deviceUuid: device.uuid,
        flow,
        tokenHash: hash,
        tokenExpiresAt: expiresAt,
      });
      return {
        deviceUuid: device.uuid,
        deviceName: device.name,
        enrollmentState: 'PENDING_ENROLLMENT',
        agentToken: token,
        agentTokenExpiresAt: expiresAt.toISOString(),
      };
    });
  }

  private async firstNameOf(tx: Db, userUuid: string): Promise<string> {
    return (await personRef(tx, userUuid))?.firstName ?? '';
  }

  /**
   * The agent trades the one-time token for its credential: the device becomes ENROLLED (and active),
   * DEVICE_ENROLLED is logged. An expired token, or an agent on another OS than the flow enrols, leaves
   * the device FAILED_ENROLLMENT with the reason.
   */
  async enrollAgent(token: string, os: DeviceOs | undefined): Promise<AgentCredentials> {
    const parsed = readToken('eqe', token);
    if (!parsed) throw unauthorized(AGENT_TOKEN_INVALID);
    const outcome = await this.tenant(parsed.organizationUuid, async (tx) => {
      const enrollment = await enrollmentByToken(tx, parsed.hash);
      if (!enrollment?.deviceUuid) return new Refusal(unauthorized(AGENT_TOKEN_INVALID));
      const fail = async (reason: 'token_expired' | 'os_mismatch', error: AppError) => {
        await finishEnrollment(tx, enrollment.uuid, { failureReason: reason });
        await setEnrollmentState(tx, enrollment.deviceUuid!, 'FAILED_ENROLLMENT');
        return new Refusal(error);
      };
      if (!enrollment.tokenExpiresAt || enrollment.tokenExpiresAt <= this.now())
        return fail('token_expired', unauthorized(ENROLLMENT_TOKEN_EXPIRED));
      const expected = deviceKindOf(enrollment.flow);
      // An agent that cannot name its OS, or a flow that could not, is no mismatch.
      if (os && os !== 'UNKNOWN' && expected && expected.os !== 'UNKNOWN' && os !== expected.os)
        return fail(
          'os_mismatch',
          new AppError(409, { msg: ENROLLMENT_OS_MISMATCH, errorType: ErrorType.Conflict, param: 'os' }),
        );
      const credential = issueToken('eqa', parsed.organizationUuid);
      await replaceAgent(tx, {
        organizationUuid: parsed.organizationUuid,
        deviceUuid: enrollment.deviceUuid,
        tokenHash: credential.hash,
      });
      await finishEnrollment(tx, enrollment.uuid, { completed: true });
      const device = await setEnrollmentState(tx, enrollment.deviceUuid, 'ENROLLED');
      await logEvent(tx, {
        organizationUuid: parsed.organizationUuid,
        type: 'DEVICE_ENROLLED',
        actorUuid: enrollment.userUuid,
        subjectUuid: enrollment.deviceUuid,
        data: { name: device?.name ?? null, flow: enrollment.flow, via: 'agent' },
      });
      return {
        deviceUuid: enrollment.deviceUuid,
        agentToken: credential.token,
        organizationName: (await organizationName(tx, parsed.organizationUuid)) ?? '',
      };
    });
    if (outcome instanceof Refusal) throw outcome.error;
    return outcome;
  }

  /**
   * One check-in: token, rate limit, idempotency and the device's update in one statement of the
   * devices module (decision 013). A duplicate answers as the first did and changes nothing.
   */
  async checkIn(agentToken: string | null, report: AgentReport): Promise<AgentCheckInResult> {
    const parsed = readToken('eqa', agentToken);
    if (!parsed) throw unauthorized(AGENT_TOKEN_INVALID);
    const now = this.now().getTime();
    const windowStart = new Date(Math.floor(now / MINUTE_MS) * MINUTE_MS);
    const outcome = await checkInAgent(this.database, parsed.organizationUuid, parsed.hash, report, {
      start: windowStart,
      limit: CHECK_INS_PER_MINUTE,
    });
    if (!outcome) throw unauthorized(AGENT_TOKEN_INVALID);
    if (outcome.limited) throw tooManyRequests((windowStart.getTime() + MINUTE_MS - now) / 1000);
    if (!outcome.duplicate && report.software !== undefined)
      await writeAgentSoftware(
        this.database.reads,
        parsed.organizationUuid,
        outcome.deviceUuid,
        report.software,
      );
    return { deviceUuid: outcome.deviceUuid, duplicate: outcome.duplicate };
  }
}

/** What the enrolment's service is built with (services.ts). */
export interface EnrollmentDeps {
  /** The system handle (tenant transactions) and the pipelined tenant statements (check-ins). */
  database: { db: Db; reads: TenantReads };
  /** The enrolment codes (mailed) and sign-in of the enrolling person. */
  auth: AuthService;
}

export function createEnrollmentService({ database, auth }: EnrollmentDeps): EnrollmentService {
  return new EnrollmentService(database, auth);
}
