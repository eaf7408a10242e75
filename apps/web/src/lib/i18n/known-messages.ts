import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from './i18n';

/**
 * The English texts the domain's schemas and the API write (SPEC §5 validation messages, the zod
 * defaults, the server's fixed answers), translated on the web side: the same schemas run on the
 * server, so they stay English there, and forms and error messages show them through
 * `translateKnownMessage`. A text not listed here is shown as it came.
 */
const KNOWN_TEXTS: Record<string, MessageDescriptor> = {
  // SPEC §5 and the generic schema messages
  Required: msg`Required`,
  'Password is required': msg`Password is required`,
  'Failed to encrypt password': msg`Failed to encrypt password`,
  'code is required if any device has triggerReset: true': msg`code is required if any device has triggerReset: true`,
  'Invalid email address': msg`Invalid email address`,
  'Invalid UUID': msg`Invalid UUID`,
  'Invalid input': msg`Invalid input`,
  'Unknown time zone': msg`Unknown time zone`,
  'Invalid date (use YYYY-MM-DD)': msg`Invalid date (use YYYY-MM-DD)`,
  'Start date must not be after end date': msg`Start date must not be after end date`,
  'End date must not be before start date': msg`End date must not be before start date`,
  'This email appears more than once in the file': msg`This email appears more than once in the file`,
  'This email is already in use': msg`This email is already in use`,
  'Must not contain control characters (such as NUL)': msg`Must not contain control characters (such as NUL)`,
  // The new-password form's own schema (features/auth)
  'Repeat the password to confirm it': msg`Repeat the password to confirm it`,
  'The passwords don’t match': msg`The passwords don’t match`,
  // The authenticator enrolment's schema (features/account)
  'Enter the 6-digit code from the app': msg`Enter the 6-digit code from the app`,
  // The server's fixed answers
  'Email or password is incorrect': msg`Email or password is incorrect`,
  'The code is not valid': msg`The code is not valid`,
  'Start the authenticator setup first': msg`Start the authenticator setup first`,
  'Confirm with your password': msg`Confirm with your password`,
  'Confirm with your password or a code from your authenticator app': msg`Confirm with your password or a code from your authenticator app`,
  'This link is invalid or has expired': msg`This link is invalid or has expired`,
  'This verification link is invalid or has expired': msg`This verification link is invalid or has expired`,
  'This invitation is invalid or has expired': msg`This invitation is invalid or has expired`,
  'This reset link is invalid or has expired': msg`This reset link is invalid or has expired`,
  'No account uses this email address': msg`No account uses this email address`,
  'This account has been removed': msg`This account has been removed`,
  'Too many attempts. Try again later.': msg`Too many attempts. Try again later.`,
  'Only IT owners can manage people': msg`Only IT owners can manage people`,
  'The equip-admin role belongs to provider admins, who are not managed within an organisation': msg`The equip-admin role belongs to provider admins, who are not managed within an organisation`,
  'People can only be added to the organisation you act for': msg`People can only be added to the organisation you act for`,
  'Employee not found': msg`Employee not found`,
  'You cannot change your own role; ask another IT owner': msg`You cannot change your own role; ask another IT owner`,
  'You cannot delete yourself': msg`You cannot delete yourself`,
  'The organisation needs at least one IT owner': msg`The organisation needs at least one IT owner`,
  'You cannot disable your own account; ask another provider admin': msg`You cannot disable your own account; ask another provider admin`,
  'The installation needs at least one provider admin': msg`The installation needs at least one provider admin`,
  'Provider admin not found': msg`Provider admin not found`,
  // MDM connections (packages/domain/src/mdm-connections.ts: MDM_CHECK_ERRORS and the URL's form)
  'Must be an https:// address': msg`Must be an https:// address`,
  'The MDM server refused the API token': msg`The MDM server refused the API token`,
  'Equip could not reach the MDM server': msg`Equip could not reach the MDM server`,
  'The address did not answer like a Fleet server': msg`The address did not answer like a Fleet server`,
  'The MDM server answered with an error; try again later': msg`The MDM server answered with an error; try again later`,
  'The stored API token cannot be read; connect the server again': msg`The stored API token cannot be read; connect the server again`,
  'The MDM server refused the client ID or secret': msg`The MDM server refused the client ID or secret`,
  'The address did not answer like a Jamf Pro server': msg`The address did not answer like a Jamf Pro server`,
  'The address did not answer like a ManageEngine MDM server': msg`The address did not answer like a ManageEngine MDM server`,
  // HR integrations (packages/domain/src/integrations.ts: HR_CHECK_ERRORS and the company domain's form)
  'The HR system refused the credentials': msg`The HR system refused the credentials`,
  'Equip could not reach the HR system': msg`Equip could not reach the HR system`,
  'The HR system did not answer as expected': msg`The HR system did not answer as expected`,
  'The HR system answered with an error; try again later': msg`The HR system answered with an error; try again later`,
  'The HR system asked Equip to wait; try again later': msg`The HR system asked Equip to wait; try again later`,
  'The stored credentials cannot be read; connect the HR system again': msg`The stored credentials cannot be read; connect the HR system again`,
  'Equip has no client for this HR system outside the sandbox': msg`Equip has no client for this HR system outside the sandbox`,
  'Only letters, digits and hyphens (the part before .bamboohr.com)': msg`Only letters, digits and hyphens (the part before .bamboohr.com)`,
  // The HR sync (HR_SYNC_REASONS, HR_SYNC_MESSAGES; decision 032)
  'Nothing changed': msg`Nothing changed`,
  'Left the company before the first sync': msg`Left the company before the first sync`,
  'The HR system has no work email for this person': msg`The HR system has no work email for this person`,
  'The email is used by another person': msg`The email is used by another person`,
  'Edited in Equip after the HR system changed it': msg`Edited in Equip after the HR system changed it`,
  'Kept as in Equip': msg`Kept as in Equip`,
  'Preview the first sync before running it': msg`Preview the first sync before running it`,
  'The integration is paused': msg`The integration is paused`,
  'This conflict is already resolved': msg`This conflict is already resolved`,
};

/** Texts with a value in them: `Expected string, received number`, zod's length bounds. */
const KNOWN_PATTERNS: [RegExp, (match: RegExpMatchArray) => MessageDescriptor][] = [
  [
    /^Expected (\w+), received (\w+)$/,
    ([, expected = '', received = '']) => msg`Expected ${expected}, received ${received}`,
  ],
  [/^Use at least (\d+) characters$/, ([, min = '']) => msg`Use at least ${min} characters`],
  [/^Use at most (\d+) characters$/, ([, max = '']) => msg`Use at most ${max} characters`],
  [
    /^Too small: expected string to have >=(\d+) characters?$/,
    ([, min = '']) => msg`Use at least ${min} characters`,
  ],
  [
    /^Too big: expected string to have <=(\d+) characters?$/,
    ([, max = '']) => msg`Use at most ${max} characters`,
  ],
  [/^(.+) is already in use$/, ([, email = '']) => msg`${email} is already in use`],
  // A known reason followed by the outside system's own words (an HR system's refusal, decision 029).
  [
    /^(The HR system [^:]+|Equip could not reach the HR system): (.+)$/s,
    ([, known = '', detail = '']) => {
      const reason = KNOWN_TEXTS[known] ? i18n._(KNOWN_TEXTS[known]) : known;
      return msg`${reason}: ${detail}`;
    },
  ],
];

/** The descriptor for one of the known English texts, if it is one. */
export function knownMessage(text: string): MessageDescriptor | undefined {
  const known = KNOWN_TEXTS[text];
  if (known) return known;
  for (const [pattern, describe] of KNOWN_PATTERNS) {
    const match = text.match(pattern);
    if (match) return describe(match);
  }
  return undefined;
}

/** A known English validation or server text in the current language; any other text as it is. */
export function translateKnownMessage(text: string): string;
export function translateKnownMessage(text: string | undefined): string | undefined;
export function translateKnownMessage(text: string | undefined): string | undefined {
  if (!text) return text;
  const known = knownMessage(text);
  return known ? i18n._(known) : text;
}
