import { z } from 'zod';
import { IsoDateTime, Uuid } from './common.ts';
import { DeviceOs, DeviceType } from './devices.ts';
import { CatalogScope, DeliveryAddress } from './procurement.ts';

export const OnboardingStep = z.enum(['personal-info', 'devices-assignment', 'delivery-address', 'timeline']);
export type OnboardingStep = z.infer<typeof OnboardingStep>;
export const OffboardingStep = z.enum(['timing', 'workspace-access', 'software-access', 'summary']);
export type OffboardingStep = z.infer<typeof OffboardingStep>;
export const FlowMode = z.enum(['create', 'edit']);
export type FlowMode = z.infer<typeof FlowMode>;
export const OffboardingStatus = z.enum(['started', 'submitted', 'completed', 'done']);
export const OffboardingTime = z.enum(['same-day', 'next-working-day']);
export const YesNo = z.enum(['yes', 'no']);

/**
 * Where an onboarding or offboarding came from (decision 038): the HR sync (`hris`), an identity
 * provider over SCIM (`scim`) or a person in Equip (`manual`). Not a SPEC enum: a column of its own.
 */
export const FlowOrigin = z.enum(['hris', 'scim', 'manual']);
export type FlowOrigin = z.infer<typeof FlowOrigin>;
/**
 * A person's draft onboarding or offboarding (not yet submitted; decision 038), as the employees table
 * marks it: which flow, where it came from and, for the HR sync, the HR provider's kind.
 */
export const FlowDraftMark = z.object({
  kind: z.enum(['onboarding', 'offboarding']),
  origin: FlowOrigin,
  provider: z.string().nullable(),
});
export type FlowDraftMark = z.infer<typeof FlowDraftMark>;

export const FlowStepState = z.object({
  isEnabled: z.boolean(),
  isVisible: z.boolean(),
  isCompleted: z.boolean(),
});
export type FlowStepState = z.infer<typeof FlowStepState>;

const Nonempty = <T extends z.ZodType>(item: T) => z.array(item).min(1);

export const CustomPurchasedDevice = z.object({
  kind: z.literal('custom'),
  operatingSystem: DeviceOs,
  deviceType: DeviceType,
  notes: z.string().max(2000).optional(),
  keyboardLanguage: z.string().max(50).optional(),
});
export const CatalogPurchasedDevice = z.object({
  kind: z.literal('catalog'),
  uuid: Uuid,
  selectedSpecificationUuid: Uuid,
  quantity: z.number().int().min(1).max(100),
  scope: CatalogScope,
  label: z.string(),
  deviceType: DeviceType,
  operatingSystem: DeviceOs,
  manufacturer: z.string(),
  modelName: z.string(),
  screenSize: z.string().optional(),
  chip: z.string().optional(),
  memory: z.string().optional(),
  storage: z.string().optional(),
  color: z.string().optional(),
  keyboardLanguage: z.string().optional(),
  imageUrl: z.string().optional(),
});
export const PurchasedDevice = z.discriminatedUnion('kind', [CustomPurchasedDevice, CatalogPurchasedDevice]);

export const OnboardingSubmission = z.object({
  startDate: IsoDateTime,
  userUuid: Uuid,
  bundleUuid: Uuid.optional(),
  privateEmail: z.email().optional(),
  workEmail: z.email().optional(),
  createWorkEmail: z.boolean().optional(),
  workspace: z
    .object({
      licenseIds: Nonempty(z.string()).optional(),
      groupIds: z.array(z.string()).optional(),
      orgUnitPath: z.string().optional(),
    })
    .optional(),
  assignedDevicesIds: Nonempty(Uuid).optional(),
  assignedUnregisteredDevices: Nonempty(
    z.object({ operatingSystem: DeviceOs, notes: z.string().max(2000).optional() }),
  ).optional(),
  purchaseDevices: z.object({ devices: Nonempty(PurchasedDevice), delivery: DeliveryAddress }).optional(),
  saveAddressForLater: z.boolean().optional(),
});
export type OnboardingSubmission = z.infer<typeof OnboardingSubmission>;

/** Onboarding list query: take 1 to 1000 (SPEC §5, §9). */
export const ONBOARDING_LIST_MAX_TAKE = 1000;
export const OnboardingListQuery = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  take: z.coerce.number().int().min(1).max(ONBOARDING_LIST_MAX_TAKE).default(50),
});

export const WorkspaceDeprovisioning = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('delete'),
    emailForward: z.boolean(),
    emailForwardTargetEmail: z.email().optional(),
    dataInheritorTargetEmail: z.email().optional(),
  }),
  z.object({ kind: z.literal('archive') }),
  z.object({ kind: z.literal('keep') }),
]);
export const OffboardingSubmission = z.object({
  userUuid: Uuid,
  lastDayOfWork: IsoDateTime,
  offboardingTime: OffboardingTime,
  software: z
    .object({
      bundleUuid: Uuid.optional(),
      accessRecipientUserUuid: Uuid.optional(),
      deprovisions: z.array(z.object({ applicationUuid: Uuid, doDeprovisioning: z.boolean() })),
    })
    .optional(),
  workspace: WorkspaceDeprovisioning.optional(),
});
export type OffboardingSubmission = z.infer<typeof OffboardingSubmission>;
