import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@sgx/contracts';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { sqlOn, type TestApp } from '../../../test/helpers';

/** Set-up shared by the identity tests (decision 0074): real pictures and the member's multipart submissions. */

// A real 1x1 PNG, and a JPEG's first bytes (the type is read from the content).
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(200)]);
export const PDF = Buffer.from('%PDF-1.4\n% proof\n');

/** A multipart/form-data body as a browser sends it. */
export function multipart(fields: Record<string, string>, files: Record<string, Buffer>) {
  const boundary = `----sgx${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const [name, data] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const level1Fields = { legal_name: 'Asha Rao', date_of_birth: '1990-04-12', country: 'in' };

/** Accounts, and the member's level-1 (POST /identity/level1) and level-2 (POST /identity/level2) submissions. */
export function identitySubmissions(t: () => TestApp) {
  const post = (url: string, token: string, form: ReturnType<typeof multipart>) =>
    t().app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
  return {
    /** A staff account with these roles, signed in to the back-office. */
    staffAccount: async (roles: StaffRole[]): Promise<Built & { token: string }> => {
      const who = await buildAdmin(t().deps);
      await sqlOn(t().url, 'UPDATE users SET staff_roles = $2 WHERE id = $1', [who.id, roles]);
      return { ...who, token: await tokenFor(t().app, who, 'admin') };
    },
    /** A member who has verified nothing yet (whatever level the factory gives), signed in. */
    memberAccount: async (locale: string | null = null): Promise<Built & { token: string }> => {
      const who = await buildMember(t().deps);
      await sqlOn(t().url, 'UPDATE users SET identity_level = 0, locale = $2 WHERE id = $1', [
        who.id,
        locale,
      ]);
      return { ...who, token: await tokenFor(t().app, who) };
    },
    submitLevel1: (
      who: { token: string },
      fields: Record<string, string> = level1Fields,
      files: Record<string, Buffer> = { document: JPEG, selfie: PNG },
    ) => post('/identity/level1', who.token, multipart(fields, files)),
    submitLevel2: (who: { token: string }, proof: Buffer = PDF) =>
      post(
        '/identity/level2',
        who.token,
        multipart({ address_line1: '12 MG Road', city: 'Pune', postal_code: '411001' }, { proof }),
      ),
  };
}
