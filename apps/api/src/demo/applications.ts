import type { Platform } from '@equip/domain/bundles';

/**
 * The provider-curated application catalog: real applications with their real identifiers (macOS
 * bundle id, winget id for Windows, App Store ids for iOS, iPad and the Mac App Store).
 */
export interface CatalogApplication {
  name: string;
  mac?: string;
  windows?: string;
  ios?: string;
  ipad?: string;
  macAppStore?: string;
  /** Equip can create and delete accounts of this service. */
  equipManagesSubscriptions?: boolean;
  /** The organisation's own app owners manage accounts of this service. */
  ownersManageSubscriptions?: boolean;
}

// biome-ignore format: one application per line keeps the catalog scannable
export const APPLICATION_CATALOG: readonly CatalogApplication[] = [
  // Communication and collaboration
  { name: 'Slack', mac: 'com.tinyspeck.slackmacgap', windows: 'SlackTechnologies.Slack', ios: '618783545', ipad: '618783545', macAppStore: '803453959', equipManagesSubscriptions: true },
  { name: 'Zoom Workplace', mac: 'us.zoom.xos', windows: 'Zoom.Zoom', ios: '546505307', ipad: '546505307', equipManagesSubscriptions: true },
  { name: 'Microsoft Teams', mac: 'com.microsoft.teams2', windows: 'Microsoft.Teams', ios: '1113153706', ipad: '1113153706', equipManagesSubscriptions: true },
  { name: 'Google Meet', ios: '1013231476', ipad: '1013231476' },
  { name: 'Gmail', ios: '422689480', ipad: '422689480' },
  { name: 'Notion', mac: 'notion.id', windows: 'Notion.Notion', ios: '1232780281', ipad: '1232780281', equipManagesSubscriptions: true },
  { name: 'Miro', mac: 'com.electron.realtimeboard', windows: 'Miro.Miro', ios: '1180074773', ipad: '1180074773', equipManagesSubscriptions: true },
  { name: 'Loom', mac: 'com.loom.desktop', windows: 'Loom.Loom', ownersManageSubscriptions: true },
  { name: 'Asana', ios: '489969512', ipad: '489969512', ownersManageSubscriptions: true },
  // Browsers, files and security
  { name: 'Google Chrome', mac: 'com.google.Chrome', windows: 'Google.Chrome', ios: '535886823', ipad: '535886823' },
  { name: 'Mozilla Firefox', mac: 'org.mozilla.firefox', windows: 'Mozilla.Firefox' },
  { name: 'Google Drive', mac: 'com.google.drivefs', windows: 'Google.GoogleDrive', ios: '507874739', ipad: '507874739' },
  { name: 'Dropbox', mac: 'com.getdropbox.dropbox', windows: 'Dropbox.Dropbox', ios: '327630330', equipManagesSubscriptions: true },
  { name: '1Password', mac: 'com.1password.1password', windows: 'AgileBits.1Password', ios: '1511601750', ipad: '1511601750', equipManagesSubscriptions: true },
  { name: 'Microsoft Authenticator', ios: '983156458' },
  { name: 'Okta Verify', mac: 'com.okta.mobile.auth-service-extension', ios: '490179405', ownersManageSubscriptions: true },
  { name: 'TeamViewer', mac: 'com.teamviewer.TeamViewer', windows: 'TeamViewer.TeamViewer', ios: '692035811' },
  // Office
  { name: 'Microsoft Word', mac: 'com.microsoft.Word', windows: 'Microsoft.Office', ios: '586447913', ipad: '586447913', equipManagesSubscriptions: true },
  { name: 'Microsoft Excel', mac: 'com.microsoft.Excel', windows: 'Microsoft.Office', ios: '586683407', ipad: '586683407', equipManagesSubscriptions: true },
  { name: 'Microsoft PowerPoint', mac: 'com.microsoft.Powerpoint', windows: 'Microsoft.Office', ios: '586449534', ipad: '586449534', equipManagesSubscriptions: true },
  { name: 'Microsoft Outlook', mac: 'com.microsoft.Outlook', windows: 'Microsoft.Outlook', ios: '951937596', ipad: '951937596', equipManagesSubscriptions: true },
  { name: 'Keynote', macAppStore: '409183694', ios: '361285480', ipad: '361285480' },
  { name: 'DeepL', mac: 'com.linguee.DeepLCopilot', windows: 'DeepL.DeepL', ios: '1552407475', equipManagesSubscriptions: true },
  { name: 'DATEV Arbeitsplatz', windows: 'DATEV.Arbeitsplatz', ownersManageSubscriptions: true },
  // Engineering
  { name: 'Visual Studio Code', mac: 'com.microsoft.VSCode', windows: 'Microsoft.VisualStudioCode' },
  { name: 'Docker Desktop', mac: 'com.docker.docker', windows: 'Docker.DockerDesktop', ownersManageSubscriptions: true },
  { name: 'IntelliJ IDEA Ultimate', mac: 'com.jetbrains.intellij', windows: 'JetBrains.IntelliJIDEA.Ultimate', ownersManageSubscriptions: true },
  { name: 'Postman', mac: 'com.postmanlabs.mac', windows: 'Postman.Postman', equipManagesSubscriptions: true },
  { name: 'GitHub Desktop', mac: 'com.github.GitHubClient', windows: 'GitHub.GitHubDesktop', equipManagesSubscriptions: true },
  { name: 'iTerm2', mac: 'com.googlecode.iterm2' },
  { name: 'Xcode', macAppStore: '497799835' },
  { name: 'Jira Cloud', ios: '1006972087', ipad: '1006972087' },
  { name: 'Confluence Cloud', ios: '1006971684', ipad: '1006971684' },
  { name: 'Linear', mac: 'com.linear', windows: 'Linear.Linear', ios: '1645587184', equipManagesSubscriptions: true },
  // Design
  { name: 'Figma', mac: 'com.figma.Desktop', windows: 'Figma.Figma', ios: '1152747299', ipad: '1152747299', equipManagesSubscriptions: true },
  { name: 'Adobe Creative Cloud', mac: 'com.adobe.acc.AdobeCreativeCloud', windows: 'Adobe.CreativeCloud', ownersManageSubscriptions: true },
  { name: 'Sketch', mac: 'com.bohemiancoding.sketch3', ownersManageSubscriptions: true },
  { name: 'Procreate', ipad: '425073498' },
  // Sales, marketing and data
  { name: 'Salesforce', ios: '404249815', ipad: '404249815', ownersManageSubscriptions: true },
  { name: 'HubSpot', ios: '1107711722', ipad: '1107711722', equipManagesSubscriptions: true },
  { name: 'Tableau Desktop', mac: 'com.tableausoftware.tableaudesktop', windows: 'Tableau.Desktop', ownersManageSubscriptions: true },
];

/** Platforms follow from the identifiers an application has. */
export function platformsOf(app: CatalogApplication): Platform[] {
  const platforms: Platform[] = [];
  if (app.mac || app.macAppStore) platforms.push('macos');
  if (app.windows) platforms.push('windows');
  if (app.ios) platforms.push('ios');
  if (app.ipad) platforms.push('ipad');
  return platforms;
}

/** Subscriptions are not supported on iOS: a mobile-only app never has them. */
export function supportsSubscriptions(app: CatalogApplication): boolean {
  return Boolean(app.mac || app.macAppStore || app.windows);
}
