import { mdmProviderName as providerName } from '@equip/domain/mdm-connections';
import type { NotificationDraft } from '@equip/domain/notification-rules';

/**
 * The English title and body stored beside a notification's kind and params, for readers without the
 * web's catalog (an API client, a future mail digest). The web writes its own, in the reader's language.
 */
export function fallbackText(draft: NotificationDraft): { title: string; body: string | null } {
  const p = draft.params as Record<string, unknown>;
  const s = (key: string) => String(p[key] ?? '');
  switch (draft.kind) {
    case 'employees.imported':
      return {
        title: 'Import finished',
        body: `${s('count')} employees were imported${p.fileName ? ` from ${s('fileName')}` : ''}.`,
      };
    case 'device.unencrypted':
      return { title: 'Disk encryption is off', body: `${s('deviceName')} is not encrypted.` };
    case 'device.unprotected':
      return { title: 'Device protection is off', body: `${s('deviceName')} is not protected.` };
    case 'device.lost':
      return { title: 'Device reported lost', body: `${s('deviceName')} was reported lost.` };
    case 'device.action_failed':
      return {
        title: 'Device action failed',
        body: `${s('action')} on ${s('deviceName')} did not complete${p.error ? `: ${s('error')}` : '.'}`,
      };
    case 'mdm.connection_failed':
      return {
        title: `The ${providerName(s('provider'))} connection is failing`,
        body: `Equip could not use your ${providerName(s('provider'))} server${p.error ? `: ${s('error')}` : '.'}`,
      };
    case 'mdm.connection_restored':
      return {
        title: `The ${providerName(s('provider'))} connection works again`,
        body: `Equip reached your ${providerName(s('provider'))} server again.`,
      };
    case 'order.shipped':
      return { title: 'Order shipped', body: s('summary') };
    case 'order.stuck':
      return { title: 'Order is stuck', body: `${s('summary')} has not moved for ${s('sinceDays')} days.` };
    case 'onboarding.task_failed':
      return { title: 'Onboarding task failed', body: `${s('task')} failed for ${s('employeeName')}.` };
    case 'message':
      return { title: '', body: null };
  }
}
