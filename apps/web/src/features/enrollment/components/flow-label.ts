import type { EnrollmentFlow } from '@equip/domain/devices';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';

const LABELS = {
  WEB_MAC: msg`a Mac`,
  ABM_MAC: msg`a Mac registered by your organisation`,
  WEB_PC: msg`a Windows PC`,
  WEB_IPHONE: msg`an iPhone`,
  ABM_IPHONE: msg`an iPhone registered by your organisation`,
  WEB_IPAD: msg`an iPad`,
  ABM_IPAD: msg`an iPad registered by your organisation`,
  WEB_UNKNOWN: msg`a computer`,
  ABM_UNKNOWN: msg`a device registered by your organisation`,
} as const satisfies Record<EnrollmentFlow, unknown>;

/** What the detected flow enrols, in words ("a Mac"). */
export function useFlowLabel(flow: EnrollmentFlow): string {
  const { i18n } = useLingui();
  return i18n._(LABELS[flow]);
}

/** Flows of computers, which run the companion agent (phones and tablets get a profile from IT). */
export const isComputerFlow = (flow: EnrollmentFlow): boolean =>
  flow === 'WEB_MAC' || flow === 'ABM_MAC' || flow === 'WEB_PC' || flow === 'WEB_UNKNOWN';
