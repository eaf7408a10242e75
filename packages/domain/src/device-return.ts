import { type ActionTarget, type ActionUnavailableReason, actionUnavailable } from './mdm.ts';

/**
 * Why a device taken back cannot be reset with it (SPEC §5), or null when the reset can go to its MDM
 * or is not needed (a wiped device is already erased). A return that asks for a reset the device cannot
 * take is refused whole: a device believed erased and handed to someone else with the last person's data
 * on it is the loss this guards against. The web app asks before sending such a return.
 */
export function returnResetProblem(device: ActionTarget): ActionUnavailableReason | null {
  const reason = actionUnavailable('reset', device, { resetEnabled: true });
  return reason === 'wiped' ? null : reason;
}
