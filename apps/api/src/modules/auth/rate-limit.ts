import { HOUR, MINUTE, type RatePolicy } from '../../security/rate-limit.ts';

/**
 * The limits of the unauthenticated routes (docs/security.md lists them with their reasons).
 * No limit is keyed on an account alone where hitting it would refuse that account's owner: a stranger
 * must not be able to lock anyone out by failing on purpose.
 */
export const POLICIES = {
  /** Failed logins for one account from one address: the guessing of one attacker at one account. */
  loginPerAccountAndAddress: { name: 'login:pair', limit: 10, windowMs: 15 * MINUTE },
  /** Failed logins from one address, whatever the account: one attacker trying many accounts. */
  loginPerAddress: { name: 'login:ip', limit: 100, windowMs: HOUR },
  /**
   * Failed logins for one account from anywhere. Past this many, every attempt at the account is
   * slowed down (LOGIN_SLOWDOWN_MS), never refused: the owner still gets in from a clean address.
   */
  loginSlowdownPerAccount: { name: 'login:account', limit: 20, windowMs: HOUR },
  /** Wrong second-factor codes for one account from one address (each code also allows 5 tries). */
  mfaPerAccountAndAddress: { name: 'mfa:pair', limit: 10, windowMs: 15 * MINUTE },
  /** Emailed or texted codes sent for one pending sign-in's account (the caller knows the password). */
  otpSendPerAccount: { name: 'otp-send', limit: 10, windowMs: HOUR },
  /** Confirmation codes (device return with a reset) mailed to one signed-in administrator. */
  confirmationCodeSendPerAccount: { name: 'confirmation-code-send', limit: 10, windowMs: HOUR },
  /** Reset requests for one email from one address, and from one address in all. */
  resetRequestsPerEmailAndAddress: { name: 'reset-request:pair', limit: 5, windowMs: HOUR },
  resetRequestsPerAddress: { name: 'reset-request:ip', limit: 50, windowMs: HOUR },
  /** Reset mails to one address per hour; past it requests are answered alike but send nothing. */
  resetMailsPerEmail: { name: 'reset-mail', limit: 10, windowMs: HOUR },
  resetAttemptsPerAddress: { name: 'reset-attempt:ip', limit: 50, windowMs: HOUR },
  refreshFailuresPerAddress: { name: 'refresh:ip', limit: 300, windowMs: HOUR },
  ssoStartsPerAddress: { name: 'sso:ip', limit: 100, windowMs: HOUR },
  /** Enrolment codes asked for one email from one address, and from one address in all (/start). */
  enrollmentCodeRequestsPerEmailAndAddress: { name: 'enrollment-code:pair', limit: 5, windowMs: HOUR },
  enrollmentCodeRequestsPerAddress: { name: 'enrollment-code:ip', limit: 50, windowMs: HOUR },
  /** Enrolment code mails to one address per hour; past it requests are answered alike, nothing sent. */
  enrollmentCodeMailsPerEmail: { name: 'enrollment-code-mail', limit: 10, windowMs: HOUR },
  /** Wrong enrolment codes from one address (each code also allows 5 tries). */
  enrollmentCodeFailuresPerAddress: { name: 'enrollment-verify:ip', limit: 30, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RatePolicy>;

/** How long an attempt at an account past its slow-down threshold waits before it is checked. */
export const LOGIN_SLOWDOWN_MS = 1000;
