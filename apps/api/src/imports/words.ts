import type {
  AuditDataField,
  AuditValueSet,
  Channel,
  CommandState,
  SignInMethod,
} from '@equip/domain/audit-log';
import type {
  AssignmentType,
  DeviceAction as DeviceActionSchema,
  DeviceOs,
  DeviceStatus,
  DeviceType,
  EnrollmentState,
  MdmProvider,
} from '@equip/domain/devices';
import type { EmployeeStatus, Role, UserSource, UserType } from '@equip/domain/identity';
import type { ShippedLocale } from '@equip/domain/locale';
import type { DeviceMdmStatus } from '@equip/domain/mdm';
import { MDM_PROVIDER_NAMES } from '@equip/domain/mdm-connections';

/**
 * The words the server writes into files people read (the exports, issue 25 item 16), in each shipped
 * language, as mails keep theirs (`modules/*\/mails.ts`): the domain's values in words and the fields of
 * events' data (the event types' words are each module's own, in its `area.ts`, gathered in
 * `src/areas.ts` and handed to the audit log's service). They are the web's words for the same things:
 * the English is the web catalog's message and the German its translation (`words.test.ts` compares them with
 * `apps/web/src/locales/de/*.po`, so the two cannot drift).
 */
export interface ExportWords {
  yes: string;
  no: string;
  dataFields: Record<AuditDataField, string>;
  values: {
    signInMethod: Record<SignInMethod, string>;
    channel: Record<Channel, string>;
    mdmProvider: Record<MdmProvider, string>;
    mdmStatus: Record<DeviceMdmStatus, string>;
    deviceAction: Record<DeviceAction, string>;
    commandState: Record<CommandState, string>;
    deviceStatus: Record<DeviceStatus, string>;
    employeeStatus: Record<EmployeeStatus, string>;
    deviceOs: Record<DeviceOs, string>;
    deviceType: Record<DeviceType, string>;
    assignmentType: Record<AssignmentType, string>;
    enrollmentState: Record<EnrollmentState, string>;
    role: Record<Role, string>;
    userSource: Record<UserSource, string>;
    userType: Record<UserType, string>;
  };
}
type DeviceAction = (typeof DeviceActionSchema.options)[number];
/** Every set of values the audit vocabulary names has its words here (a compile-time check). */
type EverySetNamed = AuditValueSet extends keyof ExportWords['values'] ? true : never;
export const EVERY_SET_NAMED: EverySetNamed = true;

const MDM_PROVIDERS: Record<MdmProvider, string> = MDM_PROVIDER_NAMES;

const en: ExportWords = {
  yes: 'Yes',
  no: 'No',
  dataFields: {
    name: 'Name',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    phone: 'Phone',
    department: 'Department',
    position: 'Position',
    startDate: 'Start date',
    lastDate: 'Last day',
    employeeStatus: 'Status',
    userType: 'User type',
    role: 'Role',
    source: 'Source',
    license: 'License',
    employeeName: 'Employee',
    externalId: 'ID in the HR system',
    ip: 'IP address',
    method: 'Method',
    via: 'Through',
    automatic: 'Sent automatically',
    count: 'Number',
    fileName: 'File name',
    type: 'Type',
    os: 'Operating system',
    osVersion: 'OS version',
    model: 'Model',
    manufacturer: 'Manufacturer',
    serialNumber: 'Serial number',
    location: 'Location',
    status: 'Status',
    previousStatus: 'Status before',
    assignmentType: 'Assignment',
    enrollmentState: 'Enrolment',
    flow: 'Enrolment flow',
    lost: 'Turned off',
    action: 'Action',
    state: 'Result',
    triggerReset: 'Reset requested',
    resetQueued: 'Reset sent',
    reason: 'Reason',
    device: 'Device',
    devices: 'Devices',
    threat: 'Threat',
    application: 'Application',
    fromVersion: 'Version before',
    toVersion: 'Version after',
    mdmMissingSince: 'Not in the MDM since',
    provider: 'Provider',
    baseUrl: 'Server address',
    tokenHint: 'API token',
    error: 'Problem',
    previousError: 'Problem before',
    organization: 'Organisation',
    kind: 'Kind',
    expiresAt: 'Valid until',
    timeZone: 'Time zone',
    country: 'Country',
    workingDays: 'Working days',
    setup: 'Organisation setup',
    sso: 'Single sign-on',
    issuer: 'Issuer',
    clientId: 'Client ID',
    url: 'URL',
    description: 'Description',
    eventTypes: 'Event types',
    enabled: 'Enabled',
    added: 'Added',
    removed: 'Removed',
    changed: 'Changed',
    previousBundleName: 'Previous bundle',
    mode: 'Default management mode',
    baseKind: 'Built on',
    vendor: 'Vendor',
    modelNumber: 'Model number',
    items: 'Items',
  },
  values: {
    signInMethod: {
      password: 'Password',
      sso: 'Single sign-on',
      authenticator: 'Authenticator app',
      invitation: 'Invitation link',
      setup: 'Set-up link',
      'act-as': 'Acting for the organisation',
      reset: 'Password reset link',
    },
    channel: {
      manual: 'Added by hand',
      'csv-import': 'Spreadsheet import',
      enrollment: 'Enrolment',
      agent: 'Companion agent',
      invitation: 'Invitation link',
      reset: 'Password reset link',
      setup: 'Set-up link',
      sandbox: 'Sandbox',
      fleet: 'Fleet',
      jamf: 'Jamf Pro',
      'manage-engine': 'ManageEngine',
    },
    mdmProvider: MDM_PROVIDERS,
    mdmStatus: { locked: 'Locked', unlocked: 'Unlocked', wiped: 'Wiped' },
    deviceAction: {
      restart: 'Restart',
      shutdown: 'Shut down',
      enable_lost_mode: 'Lost mode',
      lock: 'Lock',
      unlock: 'Unlock',
      wipe: 'Wipe',
      reset: 'Reset',
    },
    commandState: { completed: 'Completed', failed: 'Failed' },
    deviceStatus: {
      active: 'Active',
      'awaiting-registration': 'Awaiting registration',
      'in-stock': 'In stock',
      ordered: 'Ordered',
      inactive: 'Inactive',
      new: 'New',
    },
    employeeStatus: {
      ACTIVE: 'Active',
      ONBOARDING: 'Onboarding',
      OFFBOARDING: 'Offboarding',
      LEAVE: 'On leave',
      INACTIVE: 'Inactive',
    },
    deviceOs: { MACOS: 'macOS', WINDOWS: 'Windows', IOS: 'iOS', UNKNOWN: 'Unknown OS' },
    deviceType: { COMPUTER: 'Computer', PHONE: 'Phone', TABLET: 'Tablet' },
    assignmentType: { ASSIGNED: 'Assigned', SHARED: 'Shared', UNASSIGNED: 'In stock' },
    enrollmentState: {
      READY_TO_ENROLL: 'Ready to enrol',
      PENDING_ENROLLMENT: 'Enrolment pending',
      FAILED_ENROLLMENT: 'Enrolment failed',
      ENROLLED: 'Enrolled',
    },
    role: { regular: 'Employee', 'it-owner': 'IT owner', 'equip-admin': 'Equip admin' },
    userSource: { hris: 'HR system', equip: 'Equip' },
    userType: { regularUser: 'Regular user', lightUser: 'Light user', unmanagedUser: 'Unmanaged user' },
  },
};

const de: ExportWords = {
  yes: 'Ja',
  no: 'Nein',
  dataFields: {
    name: 'Name',
    firstName: 'Vorname',
    lastName: 'Nachname',
    email: 'E-Mail',
    phone: 'Telefon',
    department: 'Abteilung',
    position: 'Position',
    startDate: 'Startdatum',
    lastDate: 'Letzter Arbeitstag',
    employeeStatus: 'Status',
    userType: 'Nutzertyp',
    role: 'Rolle',
    source: 'Quelle',
    license: 'Lizenz',
    employeeName: 'Mitarbeiter:in',
    externalId: 'ID im HR-System',
    ip: 'IP-Adresse',
    method: 'Methode',
    via: 'Über',
    automatic: 'Automatisch gesendet',
    count: 'Anzahl',
    fileName: 'Dateiname',
    type: 'Typ',
    os: 'Betriebssystem',
    osVersion: 'Betriebssystemversion',
    model: 'Modell',
    manufacturer: 'Hersteller',
    serialNumber: 'Seriennummer',
    location: 'Standort',
    status: 'Status',
    previousStatus: 'Status vorher',
    assignmentType: 'Zuweisung',
    enrollmentState: 'Registrierung',
    flow: 'Registrierungsweg',
    lost: 'Ausgeschaltet',
    action: 'Aktion',
    state: 'Ergebnis',
    triggerReset: 'Zurücksetzen angefordert',
    resetQueued: 'Zurücksetzen gesendet',
    reason: 'Grund',
    device: 'Gerät',
    devices: 'Geräte',
    threat: 'Bedrohung',
    application: 'Anwendung',
    fromVersion: 'Version vorher',
    toVersion: 'Version nachher',
    mdmMissingSince: 'Nicht mehr im MDM seit',
    provider: 'Anbieter',
    baseUrl: 'Serveradresse',
    tokenHint: 'API-Token',
    error: 'Problem',
    previousError: 'Vorheriges Problem',
    organization: 'Organisation',
    kind: 'Art',
    expiresAt: 'Gültig bis',
    timeZone: 'Zeitzone',
    country: 'Land',
    workingDays: 'Arbeitstage',
    setup: 'Einrichtung der Organisation',
    sso: 'Single Sign-on',
    issuer: 'Aussteller',
    clientId: 'Client-ID',
    url: 'URL',
    description: 'Beschreibung',
    eventTypes: 'Ereignistypen',
    enabled: 'Aktiv',
    added: 'Hinzugefügt',
    removed: 'Entfernt',
    changed: 'Geändert',
    previousBundleName: 'Vorheriges Bundle',
    mode: 'Standard-Verwaltungsmodus',
    baseKind: 'Grundlage',
    vendor: 'Hersteller',
    modelNumber: 'Modellnummer',
    items: 'Stück',
  },
  values: {
    signInMethod: {
      password: 'Passwort',
      sso: 'Single Sign-on',
      authenticator: 'Authenticator-App',
      invitation: 'Einladungslink',
      setup: 'Einrichtungslink',
      'act-as': 'Handeln für die Organisation',
      reset: 'Link zum Zurücksetzen des Passworts',
    },
    channel: {
      manual: 'Von Hand hinzugefügt',
      'csv-import': 'Tabellenimport',
      enrollment: 'Registrierung',
      agent: 'Equip Companion',
      invitation: 'Einladungslink',
      reset: 'Link zum Zurücksetzen des Passworts',
      setup: 'Einrichtungslink',
      sandbox: 'Sandbox',
      fleet: 'Fleet',
      jamf: 'Jamf Pro',
      'manage-engine': 'ManageEngine',
    },
    mdmProvider: MDM_PROVIDERS,
    mdmStatus: { locked: 'Gesperrt', unlocked: 'Entsperrt', wiped: 'Gelöscht' },
    deviceAction: {
      restart: 'Neu starten',
      shutdown: 'Herunterfahren',
      enable_lost_mode: 'Modus „Verloren“',
      lock: 'Sperren',
      unlock: 'Entsperren',
      wipe: 'Löschen',
      reset: 'Zurücksetzen',
    },
    commandState: { completed: 'Abgeschlossen', failed: 'Fehlgeschlagen' },
    deviceStatus: {
      active: 'Aktiv',
      'awaiting-registration': 'Wartet auf Registrierung',
      'in-stock': 'Auf Lager',
      ordered: 'Bestellt',
      inactive: 'Inaktiv',
      new: 'Neu',
    },
    employeeStatus: {
      ACTIVE: 'Aktiv',
      ONBOARDING: 'Onboarding',
      OFFBOARDING: 'Offboarding',
      LEAVE: 'Abwesend',
      INACTIVE: 'Inaktiv',
    },
    deviceOs: { MACOS: 'macOS', WINDOWS: 'Windows', IOS: 'iOS', UNKNOWN: 'Unbekanntes Betriebssystem' },
    deviceType: { COMPUTER: 'Computer', PHONE: 'Telefon', TABLET: 'Tablet' },
    assignmentType: { ASSIGNED: 'Zugewiesen', SHARED: 'Geteilt', UNASSIGNED: 'Auf Lager' },
    enrollmentState: {
      READY_TO_ENROLL: 'Bereit zur Registrierung',
      PENDING_ENROLLMENT: 'Registrierung ausstehend',
      FAILED_ENROLLMENT: 'Registrierung fehlgeschlagen',
      ENROLLED: 'Registriert',
    },
    role: { regular: 'Mitarbeiter:in', 'it-owner': 'IT-Verantwortliche:r', 'equip-admin': 'Equip-Admin' },
    userSource: { hris: 'HR-System', equip: 'Equip' },
    userType: {
      regularUser: 'Regulärer Nutzer',
      lightUser: 'Light-Nutzer',
      unmanagedUser: 'Nicht verwalteter Nutzer',
    },
  },
};

export const EXPORT_WORDS: Record<ShippedLocale, ExportWords> = { en, de };
