import { MAX_REDIRECT_LENGTH } from './redirects.ts';

/**
 * Redirect targets for the tests of every place that follows one (the domain rule, the SSO callback,
 * the web app's `next`, Chromium): issue 24's payload and its relatives.
 */

/** Targets that leave the origin in a browser (or are no path at all): each answers the fallback. */
export const LEAVING_TARGETS = [
  '/\t/evil.example/landing',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  '/\t\\evil.example',
  '//evil.example',
  '//evil.example/dashboard',
  '///evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '  //evil.example',
  '\u0000//evil.example',
  '\u001f/\t/evil.example',
  'https:evil.example',
  'http:evil.example',
  'https:/evil.example',
  'http://evil.example',
  'https://evil.example/dashboard',
  'HTTPS://evil.example',
  'javascript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'blob:https://evil.example/1',
  'evil.example',
  'dashboard/overview',
  '\uff0f\uff0fevil.example',
  '/.//evil.example',
  '/./\t/evil.example',
  '/a/..//evil.example',
  `/${'a'.repeat(MAX_REDIRECT_LENGTH)}`,
  // Within the limit, but not once the parser has percent-encoded it.
  `/${'\u00e9'.repeat(700)}`,
  '',
  '   ',
];

/** Targets on the origin, and the path they normalise to. */
export const STAYING_TARGETS: [string, string][] = [
  ['/dashboard/devices?tab=assets', '/dashboard/devices?tab=assets'],
  ['/dashboard/employees#top', '/dashboard/employees#top'],
  ['/%09/evil.example', '/%09/evil.example'],
  ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ['/%5Cevil.example', '/%5Cevil.example'],
  ['  /dashboard/bundles  ', '/dashboard/bundles'],
  ['/dash\tboard/bun\ndles', '/dashboard/bundles'],
  ['/a/../dashboard/./overview', '/dashboard/overview'],
  ['/a b?c=d e', '/a%20b?c=d%20e'],
  ['/\u2215\u2215evil.example', '/%E2%88%95%E2%88%95evil.example'],
  ['/\uff0fevil.example', '/%EF%BC%8Fevil.example'],
  ['/auth/login?next=//evil.example', '/auth/login?next=//evil.example'],
  ['/x#//evil.example', '/x#//evil.example'],
];
