/** JWE encryption of sensitive payloads (api-contract §4): RSA-OAEP-256 + A256GCM, kid in the header. */
import { CompactEncrypt, importSPKI } from 'jose';

export type PublicKey = { kid: string; alg: 'RSA-OAEP-256'; enc: 'A256GCM'; public_key: string };

/** Encrypts `payload` as JSON to the server's public key; returns the JWE compact serialization. */
export async function encryptPayload(key: PublicKey, payload: Record<string, unknown>): Promise<string> {
  const publicKey = await importSPKI(key.public_key, key.alg);
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: key.alg, enc: key.enc, kid: key.kid })
    .encrypt(publicKey);
}
