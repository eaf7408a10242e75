import { type ApiErrorEntry, ErrorType } from '@equip/domain/errors';
import type { Reauthentication } from '@equip/domain/identity';
import { sendEncryptedPassword } from '@/lib/api/encrypt-password';

/**
 * What the person gave to confirm it is them before the second factor changes: the password, a current
 * authenticator or recovery code, or nothing (people who sign in only with single sign-on and have no
 * authenticator need no proof).
 */
export type IdentityProof =
  | { kind: 'password'; password: string }
  | { kind: 'code'; code: string }
  | { kind: 'none' };

/** Sends `request` with the proof in its body; the password goes encrypted as at login. */
export function withProof<T>(
  proof: IdentityProof,
  request: (reauthentication: Reauthentication) => Promise<T>,
): Promise<T> {
  switch (proof.kind) {
    case 'password':
      return sendEncryptedPassword(proof.password, (encryptedPassword) => request({ encryptedPassword }));
    case 'code':
      return request({ code: proof.code.trim() });
    case 'none':
      return request({});
  }
}

/**
 * The proof a refusal is about (403 `ReauthenticationRequired`, at `param` `code` or the password):
 * the form field for the shared error mapping (`describeFailure`'s `field`).
 */
export function refusedProof(entry: ApiErrorEntry): 'password' | 'code' | undefined {
  if (entry.errorType !== ErrorType.ReauthenticationRequired) return undefined;
  return entry.param === 'code' ? 'code' : 'password';
}
