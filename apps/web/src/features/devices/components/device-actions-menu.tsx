import { type ActionTarget, actionUnavailable, DeviceAction } from '@equip/domain/mdm';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useFeatureFlag } from '@/lib/flags-context';
import { buttonClasses } from '@/ui/button';
import { Menu, MenuItem, MenuLabel } from '@/ui/multi-select';
import { ACTION_UNAVAILABLE_LABELS, DEVICE_ACTION_LABELS } from '../lib/device-action-labels';
import { DeviceActionDialog } from './device-action-dialog';

/**
 * The device drawer's "Actions" menu: the MDM actions of SPEC §3 (reset only with
 * it-3148-device-reset). An action that does not fit the device now stays in the menu, disabled, with
 * the reason; choosing one opens its confirmation.
 */
export function DeviceActionsMenu({ device }: { device: ActionTarget & { uuid: string; name: string } }) {
  const { i18n } = useLingui();
  const resetEnabled = useFeatureFlag('it-3148-device-reset');
  const [chosen, setChosen] = useState<DeviceAction | null>(null);
  const actions = DeviceAction.options.filter((action) => action !== 'reset' || resetEnabled);
  const reasons = new Map(
    actions.map((action) => [action, actionUnavailable(action, device, { resetEnabled })]),
  );
  // Not managed or not enrolled rules out every action: say it once, above them.
  const first = reasons.get(actions[0]!);
  const shared = first && actions.every((action) => reasons.get(action) === first) ? first : null;
  return (
    <>
      <Menu
        align="end"
        trigger={
          <button type="button" className={buttonClasses('secondary', 'sm')}>
            <Trans>Actions</Trans>
            <ChevronDown aria-hidden="true" />
          </button>
        }
      >
        {shared ? <MenuLabel>{i18n._(ACTION_UNAVAILABLE_LABELS[shared])}</MenuLabel> : null}
        {actions.map((action) => {
          const reason = reasons.get(action) ?? null;
          return (
            <MenuItem key={action} disabled={reason !== null} onSelect={() => setChosen(action)}>
              <span className="flex flex-col">
                <span className={action === 'wipe' || action === 'reset' ? 'text-red-700' : undefined}>
                  {i18n._(DEVICE_ACTION_LABELS[action])}
                </span>
                {reason && !shared ? (
                  <span className="text-xs text-slate-500">{i18n._(ACTION_UNAVAILABLE_LABELS[reason])}</span>
                ) : null}
              </span>
            </MenuItem>
          );
        })}
      </Menu>
      <DeviceActionDialog device={device} action={chosen} onClose={() => setChosen(null)} />
    </>
  );
}
