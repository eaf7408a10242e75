let pair: Promise<CryptoKeyPair> | undefined;

/** One RSA-OAEP-256 key pair per test file, standing in for the server's password key. */
export function testKeyPair(): Promise<CryptoKeyPair> {
  pair ??= crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  return pair;
}

/** The public key as the server answers it (GET …/unprotected/public-key). */
export async function testPublicJwk() {
  const { publicKey } = await testKeyPair();
  const jwk = await crypto.subtle.exportKey('jwk', publicKey);
  return { kty: 'RSA', n: jwk.n, e: jwk.e, alg: 'RSA-OAEP-256', kid: 'test', use: 'enc' };
}

/** What the server does with `encryptedPassword` (standard base64). */
export async function decryptTestPassword(encrypted: string): Promise<string> {
  const { privateKey } = await testKeyPair();
  const bytes = Uint8Array.from(atob(encrypted), (char) => char.charCodeAt(0));
  const plain = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, bytes);
  return new TextDecoder().decode(plain);
}
