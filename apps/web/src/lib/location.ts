/** Leaves the app for another address (identity provider, full reload). One place, so tests can stub it. */
export function assignLocation(url: string): void {
  window.location.assign(url);
}
