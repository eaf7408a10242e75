// What other features may use of the companion area.
export { InstallerDownload } from './components/installer-download';
