import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Identity documents at rest (decision 0074): AES-256-GCM under the key from configuration (IDENTITY_DOCUMENTS_KEY),
 * a random 96-bit IV per file, the 128-bit tag stored beside it, and the document's place (submission and kind) as
 * additional data, so a ciphertext moved to another row does not decrypt. The key never reaches the database: a
 * row names its key by a fingerprint only.
 */
export type Sealed = { ciphertext: Buffer; iv: Buffer; authTag: Buffer; keyId: string };

/** A key's fingerprint (16 hex digits of a domain-separated SHA-256): tells which key sealed a row, reveals nothing. */
export const keyIdOf = (key: Buffer): string =>
  createHash('sha256').update('sgx-identity-documents-key:').update(key).digest('hex').slice(0, 16);

const aadOf = (submissionId: bigint, kind: string) =>
  Buffer.from(`identity-document:${submissionId}:${kind}`);

export function sealDocument(key: Buffer, submissionId: bigint, kind: string, plain: Buffer): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aadOf(submissionId, kind));
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { ciphertext, iv, authTag: cipher.getAuthTag(), keyId: keyIdOf(key) };
}

/** The file, or an Error when the key is not the one that sealed it or the bytes were changed. */
export function openDocument(key: Buffer, submissionId: bigint, kind: string, sealed: Sealed): Buffer {
  if (sealed.keyId !== keyIdOf(key)) throw new Error('identity document sealed under another key');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv);
  decipher.setAAD(aadOf(submissionId, kind));
  decipher.setAuthTag(sealed.authTag);
  return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
}

/**
 * The keys that open documents: the current one (the only one that seals) and, during a rotation, the previous one
 * (IDENTITY_DOCUMENTS_KEY_PREVIOUS). A row's key id says which of them sealed it.
 */
export type DocumentKeys = { current: Buffer; previous: Buffer | null };

/** The file, opened with whichever of `keys` sealed it (by its key id); an Error when neither did. */
export function openWithKeys(keys: DocumentKeys, submissionId: bigint, kind: string, sealed: Sealed): Buffer {
  const key = [keys.current, keys.previous].find((k) => k !== null && keyIdOf(k) === sealed.keyId);
  if (!key) throw new Error(`identity document sealed under another key (${sealed.keyId})`);
  return openDocument(key, submissionId, kind, sealed);
}
