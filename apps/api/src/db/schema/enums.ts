import { AssetAssignment, AssetInstanceStatus } from '@equip/domain/assets';
import { ManagementType, SubscriptionOffboardingType } from '@equip/domain/bundles';
import {
  AssignmentType,
  DeviceOs,
  DeviceStatus,
  DeviceType,
  EnrollmentFlow,
  EnrollmentState,
  MdmProvider,
  SecurityAddOnProvider,
} from '@equip/domain/devices';
import { OffboardingStatus } from '@equip/domain/flows';
import {
  EmployeeStatus,
  MfaMethod,
  OrganizationOnboardingStep,
  Role,
  UserSource,
  UserType,
} from '@equip/domain/identity';
import {
  HrLanguage,
  HrProvider,
  IntegrationSetupStatus,
  IntegrationStatus,
  WorkspaceGroupKind,
  WorkspaceProvider,
} from '@equip/domain/integrations';
import { EventType, Severity } from '@equip/domain/notifications';
import {
  CatalogScope,
  CheckoutStatus,
  OrderDeliveryStatus,
  OrderPurchaseType,
  OrderStatus,
  ProcurementIntent,
  ShipmentState,
} from '@equip/domain/procurement';
import { pgEnum } from 'drizzle-orm/pg-core';

/** The values of a domain enum as the non-empty tuple pgEnum wants. */
function values<T extends string>(domainEnum: { options: readonly T[] }): [T, ...T[]] {
  return domainEnum.options as [T, ...T[]];
}

/** Database enums are built from the domain enums, so the two can never disagree. */
export const userTypeEnum = pgEnum('user_type', values(UserType));
export const roleEnum = pgEnum('role', values(Role));
export const userSourceEnum = pgEnum('user_source', values(UserSource));
export const employeeStatusEnum = pgEnum('employee_status', values(EmployeeStatus));
export const mfaMethodEnum = pgEnum('mfa_method', values(MfaMethod));
export const onboardingStepEnum = pgEnum('organization_onboarding_step', values(OrganizationOnboardingStep));
export const deviceTypeEnum = pgEnum('device_type', values(DeviceType));
export const deviceOsEnum = pgEnum('device_os', values(DeviceOs));
export const deviceStatusEnum = pgEnum('device_status', values(DeviceStatus));
export const assignmentTypeEnum = pgEnum('assignment_type', values(AssignmentType));
export const enrollmentStateEnum = pgEnum('enrollment_state', values(EnrollmentState));
export const enrollmentFlowEnum = pgEnum('enrollment_flow', values(EnrollmentFlow));
export const mdmProviderEnum = pgEnum('mdm_provider', values(MdmProvider));
export const securityProviderEnum = pgEnum('security_provider', values(SecurityAddOnProvider));
export const assetInstanceStatusEnum = pgEnum('asset_instance_status', values(AssetInstanceStatus));
export const assetAssignmentEnum = pgEnum('asset_assignment', values(AssetAssignment));
export const managementTypeEnum = pgEnum('management_type', values(ManagementType));
export const offboardingTypeEnum = pgEnum(
  'subscription_offboarding_type',
  values(SubscriptionOffboardingType),
);
export const procurementIntentEnum = pgEnum('procurement_intent', values(ProcurementIntent));
export const purchaseTypeEnum = pgEnum('order_purchase_type', values(OrderPurchaseType));
export const orderStatusEnum = pgEnum('order_status', values(OrderStatus));
export const deliveryStatusEnum = pgEnum('order_delivery_status', values(OrderDeliveryStatus));
export const checkoutStatusEnum = pgEnum('checkout_status', values(CheckoutStatus));
export const catalogScopeEnum = pgEnum('catalog_scope', values(CatalogScope));
export const shipmentStateEnum = pgEnum('shipment_state', values(ShipmentState));
export const offboardingStatusEnum = pgEnum('offboarding_status', values(OffboardingStatus));
export const hrProviderEnum = pgEnum('hr_provider', values(HrProvider));
export const hrLanguageEnum = pgEnum('hr_language', values(HrLanguage));
export const integrationStatusEnum = pgEnum('integration_status', values(IntegrationStatus));
export const integrationSetupStatusEnum = pgEnum('integration_setup_status', values(IntegrationSetupStatus));
export const workspaceProviderEnum = pgEnum('workspace_provider', values(WorkspaceProvider));
export const workspaceGroupKindEnum = pgEnum('workspace_group_kind', values(WorkspaceGroupKind));
export const severityEnum = pgEnum('severity', values(Severity));
export const eventTypeEnum = pgEnum('event_type', values(EventType));
