import {
  type Actor,
  decideGrant,
  type GrantDecision,
  type GrantTarget,
  type RequestedChange,
} from '@equip/domain/access';
import { ErrorType } from '@equip/domain/errors';
import { AppError } from './errors.ts';

const ERROR_TYPES = { 403: ErrorType.Forbidden, 404: ErrorType.NotFound, 409: ErrorType.Conflict } as const;

/**
 * Applies the domain's one rule for who may grant what (decideGrant) to a write, or throws its refusal
 * in the spec's error payload. Every path that creates, changes, invites, resets or removes a person
 * calls it (a request's caller, or the HR sync acting for the organisation).
 */
export function assertGrant(auth: Actor, target: GrantTarget | null, change: RequestedChange): void {
  assertDecision(decideGrant(auth, target, change));
}

/** Throws a refusal of any of the domain's access rules (a `GrantDecision`) in the spec's error payload. */
export function assertDecision(decision: GrantDecision): void {
  if (decision.allowed) return;
  throw new AppError(decision.status, {
    msg: decision.reason,
    errorType: ERROR_TYPES[decision.status],
    ...(decision.field ? { location: 'body' as const, param: decision.field, path: [decision.field] } : {}),
  });
}
