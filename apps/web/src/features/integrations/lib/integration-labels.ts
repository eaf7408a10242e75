import type {
  HrLanguage,
  HrSyncAction,
  HrSyncedField,
  HrSyncRunStatus,
  IntegrationSetupStatus,
  IntegrationStatus,
} from '@equip/domain/integrations';
import { msg } from '@lingui/core/macro';
import { translated } from '@/lib/i18n/translated';
import { PERSON_FIELD_MESSAGES } from '@/lib/person-field-labels';

/** The words of an integration's enums (SPEC §3), the same on every screen. */
export const INTEGRATION_STATUS_LABELS = translated<IntegrationStatus>({
  ACTIVE: msg`Active`,
  INVALID: msg`Not working`,
  INACTIVE: msg`Paused`,
});

export const INTEGRATION_SETUP_STATUS_LABELS = translated<IntegrationSetupStatus>({
  INCOMPLETE: msg`Setup not finished: the first sync has not run yet`,
  FINAL_SYNC_PENDING: msg`Setup: the first sync is waiting to run`,
  COMPLETED: msg`Set up`,
});

export const HR_LANGUAGE_LABELS = translated<HrLanguage>({
  en: msg`English`,
  de: msg`German`,
  fr: msg`French`,
  it: msg`Italian`,
  es: msg`Spanish`,
});

/** The employee fields the sync writes, named as everywhere else a person's fields are. */
export const HR_SYNCED_FIELD_LABELS = translated<HrSyncedField>(PERSON_FIELD_MESSAGES);

export const HR_SYNC_ACTION_LABELS = translated<HrSyncAction>({
  create: msg`Added`,
  update: msg`Updated`,
  offboard: msg`Offboarding`,
  skip: msg`Skipped`,
  conflict: msg`Conflict`,
});

export const HR_SYNC_RUN_STATUS_LABELS = translated<HrSyncRunStatus>({
  queued: msg`Waiting to run`,
  running: msg`Running`,
  succeeded: msg`Done`,
  failed: msg`Failed`,
});
