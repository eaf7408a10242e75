import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The fields of a person's record that several areas name (the audit log's changes, the HR sync's). */
export type PersonField =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'department'
  | 'position'
  | 'startDate'
  | 'lastDate';

/**
 * What each of a person's fields is called: the audit log names them in an event's changes and the HR
 * sync in its preview, log and conflicts, so the words are the app's, not one area's.
 */
export const PERSON_FIELD_MESSAGES: Readonly<Record<PersonField, MessageDescriptor>> = {
  firstName: msg`First name`,
  lastName: msg`Last name`,
  email: msg`Email`,
  phone: msg`Phone`,
  department: msg`Department`,
  position: msg`Position`,
  startDate: msg`Start date`,
  lastDate: msg`Last day`,
};
