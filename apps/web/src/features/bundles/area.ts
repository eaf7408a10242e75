import { bundlesArea } from '@equip/domain/areas/bundles';
import { msg, t } from '@lingui/core/macro';
import { paths } from '@/config/paths';
import { defineWebArea } from '@/lib/define-area';

/** Bundles' events and webhook types in words (gathered in `src/areas.ts`). */
export const bundlesWebArea = defineWebArea(bundlesArea, {
  eventLabels: {
    BUNDLE_CREATED: msg`Bundle created`,
    BUNDLE_UPDATED: msg`Bundle changed`,
    BUNDLE_DELETED: msg`Bundle deleted`,
    BUNDLE_APPLICATIONS_CHANGED: msg`Bundle applications changed`,
    BUNDLE_EMPLOYEE_ASSIGNED: msg`Bundle assigned`,
    BUNDLE_EMPLOYEE_UNASSIGNED: msg`Bundle unassigned`,
    BUNDLE_SETTINGS_CHANGED: msg`Default management mode changed`,
    BUNDLE_INSTALL_FAILED: msg`Bundle application failed to install`,
  },
  webhookGroupLabels: { bundles: msg`Bundles` },
  webhookDescriptions: {
    'bundle.created': msg`A bundle was created`,
    'bundle.updated': msg`A bundle or its applications changed`,
    'bundle.deleted': msg`A bundle was deleted`,
    'bundle.assigned': msg`A bundle was assigned to a person`,
    'bundle.unassigned': msg`A person was taken out of a bundle`,
    'bundle.install_failed': msg`A bundle's application failed to install on a person's device`,
  },
  notificationTexts: {
    'bundle.install_failed': ({ userUuid, employeeName, applicationName, reason }) => ({
      title: t`Installation failed`,
      body: t`${applicationName} could not be installed for ${employeeName}: ${reason}`,
      link: { to: paths.dashboard.employee(userUuid), label: t`Open the employee` },
    }),
  },
});
