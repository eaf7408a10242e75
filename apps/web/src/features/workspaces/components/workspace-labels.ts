import {
  WORKSPACE_CHECK_ERRORS,
  type WorkspaceAutoAssignIssueValue,
  type WorkspaceCheckError,
  type WorkspaceGroupKindValue,
} from '@equip/domain/workspaces';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** A group's kind in words. */
export const GROUP_KIND_LABELS: Record<WorkspaceGroupKindValue, MessageDescriptor> = {
  group: msg`Group`,
  distribution_list: msg`Distribution list`,
  security_group: msg`Security group`,
  team: msg`Team`,
};

/** Why Equip cannot change a group's members (SPEC §8), in words. */
export const ISSUE_LABELS: Record<WorkspaceAutoAssignIssueValue, MessageDescriptor> = {
  GroupKind: msg`Members of this kind of group are managed in the workspace itself`,
  GroupSetting_DynamicMembership: msg`Members are set by a rule in the workspace`,
};

/** A failed check's fixed words, translated (the provider's own words stay as they are). */
export const CHECK_ERROR_LABELS: Record<WorkspaceCheckError, MessageDescriptor> = {
  [WORKSPACE_CHECK_ERRORS.refused]: msg`The workspace refused Equip’s access`,
  [WORKSPACE_CHECK_ERRORS.unreachable]: msg`Equip could not reach the workspace`,
  [WORKSPACE_CHECK_ERRORS.unexpectedAnswer]: msg`The workspace did not answer as expected`,
  [WORKSPACE_CHECK_ERRORS.serverError]: msg`The workspace answered with an error; try again later`,
  [WORKSPACE_CHECK_ERRORS.rateLimited]: msg`The workspace asked Equip to wait; try again later`,
  [WORKSPACE_CHECK_ERRORS.tokenUnreadable]: msg`The stored access cannot be read; connect the workspace again`,
  [WORKSPACE_CHECK_ERRORS.noClient]: msg`This workspace was connected in the sandbox; connect it again`,
  [WORKSPACE_CHECK_ERRORS.notConfigured]: msg`This installation has no OAuth client for this workspace`,
};

export const isCheckError = (value: string): value is WorkspaceCheckError =>
  Object.values(WORKSPACE_CHECK_ERRORS).includes(value as WorkspaceCheckError);
