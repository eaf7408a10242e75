import { AssetAssignment, AssetInstanceStatus, AssetKindCode } from '@equip/domain/assets';
import { EventType } from '@equip/domain/audit-log';
import { DefaultManagementMode, ManagementType, SubscriptionOffboardingType } from '@equip/domain/bundles';
import { SoftwareInventorySource } from '@equip/domain/device-software';
import {
  AssignmentType,
  DeviceMdmStatus,
  DeviceOs,
  DeviceStatus,
  DeviceType,
  EnrollmentFlow,
  EnrollmentState,
  MdmProvider,
  SecurityAddOnProvider,
} from '@equip/domain/devices';
import { OffboardingStatus } from '@equip/domain/flows';
import { HardwareRequestStatus } from '@equip/domain/hardware-requests';
import {
  EmployeeStatus,
  MfaMethod,
  OrganizationOnboardingStep,
  Role,
  UserSource,
  UserType,
} from '@equip/domain/identity';
import {
  HrConflictKind,
  HrConflictResolution,
  HrLanguage,
  HrProvider,
  HrSyncedField,
  HrSyncRunStatus,
  HrSyncTrigger,
  IntegrationSetupStatus,
  IntegrationStatus,
  WorkspaceAutoAssignIssue,
  WorkspaceGroupKind,
  WorkspaceProvider,
} from '@equip/domain/integrations';
import { Locale } from '@equip/domain/locale';
import { NotificationKind } from '@equip/domain/notification-rules';
import { Severity } from '@equip/domain/notifications';
import {
  CatalogScope,
  CheckoutStatus,
  OrderDeliveryStatus,
  OrderPurchaseType,
  OrderStatus,
  ProcurementIntent,
  ShipmentState,
} from '@equip/domain/procurement';
import { WebhookDeliveryStatus } from '@equip/domain/webhooks';
import { text } from 'drizzle-orm/pg-core';

/** The values of a domain enum as the non-empty tuple Drizzle wants. */
function values<T extends string>(domainEnum: { options: readonly T[] }): [T, ...T[]] {
  return domainEnum.options as [T, ...T[]];
}

/**
 * Enumerations are stored as text, limited to the domain enum's values by CHECK constraints
 * (migration 0011, verified by enum-checks.test.ts). Not as PostgreSQL enum types: their equality
 * operator is not leakproof, and under row-level security PostgreSQL will not use an index for a
 * non-leakproof condition, so every status filter would scan the organisation's rows.
 * The columns are built from the domain enums, so the two can never disagree.
 */
function textEnum<T extends string>(domainEnum: { options: readonly T[] }) {
  return (name: string) => text(name, { enum: values(domainEnum) });
}

export const userTypeEnum = textEnum(UserType);
export const localeEnum = textEnum(Locale);
export const roleEnum = textEnum(Role);
export const userSourceEnum = textEnum(UserSource);
export const employeeStatusEnum = textEnum(EmployeeStatus);
export const mfaMethodEnum = textEnum(MfaMethod);
export const onboardingStepEnum = textEnum(OrganizationOnboardingStep);
export const deviceTypeEnum = textEnum(DeviceType);
export const deviceOsEnum = textEnum(DeviceOs);
export const deviceStatusEnum = textEnum(DeviceStatus);
export const assignmentTypeEnum = textEnum(AssignmentType);
export const enrollmentStateEnum = textEnum(EnrollmentState);
export const enrollmentFlowEnum = textEnum(EnrollmentFlow);
export const mdmProviderEnum = textEnum(MdmProvider);
export const deviceMdmStatusEnum = textEnum(DeviceMdmStatus);
export const softwareSourceEnum = textEnum(SoftwareInventorySource);
export const securityProviderEnum = textEnum(SecurityAddOnProvider);
export const assetInstanceStatusEnum = textEnum(AssetInstanceStatus);
export const assetAssignmentEnum = textEnum(AssetAssignment);
export const assetKindCodeEnum = textEnum(AssetKindCode);
export const managementTypeEnum = textEnum(ManagementType);
export const offboardingTypeEnum = textEnum(SubscriptionOffboardingType);
export const defaultManagementModeEnum = textEnum(DefaultManagementMode);
export const procurementIntentEnum = textEnum(ProcurementIntent);
export const purchaseTypeEnum = textEnum(OrderPurchaseType);
export const hardwareRequestStatusEnum = textEnum(HardwareRequestStatus);
export const orderStatusEnum = textEnum(OrderStatus);
export const deliveryStatusEnum = textEnum(OrderDeliveryStatus);
export const checkoutStatusEnum = textEnum(CheckoutStatus);
export const catalogScopeEnum = textEnum(CatalogScope);
export const shipmentStateEnum = textEnum(ShipmentState);
export const offboardingStatusEnum = textEnum(OffboardingStatus);
export const hrProviderEnum = textEnum(HrProvider);
export const hrLanguageEnum = textEnum(HrLanguage);
export const integrationStatusEnum = textEnum(IntegrationStatus);
export const integrationSetupStatusEnum = textEnum(IntegrationSetupStatus);
export const hrSyncTriggerEnum = textEnum(HrSyncTrigger);
export const hrSyncRunStatusEnum = textEnum(HrSyncRunStatus);
export const hrConflictKindEnum = textEnum(HrConflictKind);
export const hrConflictResolutionEnum = textEnum(HrConflictResolution);
export const hrSyncedFieldEnum = textEnum(HrSyncedField);
export const workspaceProviderEnum = textEnum(WorkspaceProvider);
export const workspaceGroupKindEnum = textEnum(WorkspaceGroupKind);
export const workspaceAutoAssignIssueEnum = textEnum(WorkspaceAutoAssignIssue);
export const severityEnum = textEnum(Severity);
export const notificationKindEnum = textEnum(NotificationKind);
export const eventTypeEnum = textEnum(EventType);
export const webhookDeliveryStatusEnum = textEnum(WebhookDeliveryStatus);
