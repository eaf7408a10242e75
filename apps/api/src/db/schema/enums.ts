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
import { EmployeeStatus, MfaMethod, OrganizationOnboardingStep, Role, UserSource, UserType } from '@equip/domain/identity';
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

/** Database enums are built from the domain enums, so the two can never disagree. */
export const userTypeEnum = pgEnum('user_type', UserType.options);
export const roleEnum = pgEnum('role', Role.options);
export const userSourceEnum = pgEnum('user_source', UserSource.options);
export const employeeStatusEnum = pgEnum('employee_status', EmployeeStatus.options);
export const mfaMethodEnum = pgEnum('mfa_method', MfaMethod.options);
export const onboardingStepEnum = pgEnum('organization_onboarding_step', OrganizationOnboardingStep.options);
export const deviceTypeEnum = pgEnum('device_type', DeviceType.options);
export const deviceOsEnum = pgEnum('device_os', DeviceOs.options);
export const deviceStatusEnum = pgEnum('device_status', DeviceStatus.options);
export const assignmentTypeEnum = pgEnum('assignment_type', AssignmentType.options);
export const enrollmentStateEnum = pgEnum('enrollment_state', EnrollmentState.options);
export const enrollmentFlowEnum = pgEnum('enrollment_flow', EnrollmentFlow.options);
export const mdmProviderEnum = pgEnum('mdm_provider', MdmProvider.options);
export const securityProviderEnum = pgEnum('security_provider', SecurityAddOnProvider.options);
export const assetInstanceStatusEnum = pgEnum('asset_instance_status', AssetInstanceStatus.options);
export const assetAssignmentEnum = pgEnum('asset_assignment', AssetAssignment.options);
export const managementTypeEnum = pgEnum('management_type', ManagementType.options);
export const offboardingTypeEnum = pgEnum('subscription_offboarding_type', SubscriptionOffboardingType.options);
export const procurementIntentEnum = pgEnum('procurement_intent', ProcurementIntent.options);
export const purchaseTypeEnum = pgEnum('order_purchase_type', OrderPurchaseType.options);
export const orderStatusEnum = pgEnum('order_status', OrderStatus.options);
export const deliveryStatusEnum = pgEnum('order_delivery_status', OrderDeliveryStatus.options);
export const checkoutStatusEnum = pgEnum('checkout_status', CheckoutStatus.options);
export const catalogScopeEnum = pgEnum('catalog_scope', CatalogScope.options);
export const shipmentStateEnum = pgEnum('shipment_state', ShipmentState.options);
export const offboardingStatusEnum = pgEnum('offboarding_status', OffboardingStatus.options);
export const hrProviderEnum = pgEnum('hr_provider', HrProvider.options);
export const hrLanguageEnum = pgEnum('hr_language', HrLanguage.options);
export const integrationStatusEnum = pgEnum('integration_status', IntegrationStatus.options);
export const integrationSetupStatusEnum = pgEnum('integration_setup_status', IntegrationSetupStatus.options);
export const workspaceProviderEnum = pgEnum('workspace_provider', WorkspaceProvider.options);
export const workspaceGroupKindEnum = pgEnum('workspace_group_kind', WorkspaceGroupKind.options);
export const severityEnum = pgEnum('severity', Severity.options);
export const eventTypeEnum = pgEnum('event_type', EventType.options);
