import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/helpers';

const dataDir = `/tmp/sgx-content-${process.pid}`;
let t: TestApp;
let adminToken: string;
let memberToken: string;
let memberId: bigint;
beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: dataDir });
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
  const m = await buildMember(t.deps);
  memberId = m.id;
  memberToken = await tokenFor(t.app, m);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = '----sgxtest';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (
  url: string,
  token: string,
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
) => {
  const { payload, headers } = multipart(fields, file);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    headers: { ...headers, ...bearer(token) },
  });
};

describe('banners and uploads', () => {
  it('stores an image under a generated name and serves it back with its real type', async () => {
    const res = await upload(
      '/notifications/banner',
      adminToken,
      {},
      { name: 'summer.png', type: 'image/png', data: PNG },
    );
    expect(res.statusCode).toBe(201);
    const { banner, message } = res.json();
    expect(message).toBe('Banner created successfully!');
    expect(banner.image).toMatch(/^[0-9a-f-]{36}\.png$/);
    const served = await t.app.inject({ url: banner.url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ url: '/api/v1/notifications/banner' })).json().banner.id).toBe(banner.id);
  });

  it('refuses a disguised file, an oversized one, and a member', async () => {
    const fake = await upload(
      '/notifications/banner',
      adminToken,
      {},
      { name: 'evil.png', type: 'image/png', data: Buffer.from('<script>alert(1)</script>') },
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('Only PNG, JPEG, GIF or WebP images are accepted.');
    const big = await upload(
      '/notifications/banner',
      adminToken,
      {},
      { name: 'big.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) },
    );
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('The image is larger than 2 MB.');
    expect(
      (
        await upload(
          '/notifications/banner',
          memberToken,
          {},
          { name: 'a.png', type: 'image/png', data: PNG },
        )
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/uploads/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(400);
  });
});

describe('achievers, news and support', () => {
  it('adds, lists and removes achievers with their picture', async () => {
    const res = await upload(
      '/achivers/add',
      adminToken,
      { name: 'Asha Rao', title: 'Gold rank' },
      { name: 'a.png', type: 'image/png', data: PNG },
    );
    expect(res.statusCode).toBe(201);
    const a = res.json().achievers[0];
    expect(a).toMatchObject({ name: 'Asha Rao', title: 'Gold rank' });
    expect(
      (
        await upload(
          '/achivers/add',
          adminToken,
          { name: 'x' },
          { name: 'a.png', type: 'image/png', data: PNG },
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/achivers/${a.id}`, headers: bearer(adminToken) }))
        .statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/achivers/list' })).json().achievers).toHaveLength(0);
  });

  it('shows members published news only', async () => {
    const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
      t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });
    const pub = (
      await api('POST', '/news/add', adminToken, { title: 'Gold plan live', body: 'Now at 0.7% a day.' })
    ).json().news;
    const draft = (
      await api('POST', '/news/add', adminToken, { title: 'Draft', body: 'soon', published: false })
    ).json().news;
    const seen = (await api('GET', '/news/list', memberToken)).json().news.map((n: { id: number }) => n.id);
    expect(seen).toContain(pub.id);
    expect(seen).not.toContain(draft.id);
    expect((await api('GET', `/news/${draft.id}`, memberToken)).statusCode).toBe(404);
    expect(
      (await api('PUT', `/news/${pub.id}`, adminToken, { title: 'Gold plan live!', body: 'x' })).json().news
        .title,
    ).toBe('Gold plan live!');
    expect((await api('POST', '/news/add', memberToken, { title: 'x', body: 'y' })).statusCode).toBe(403);
  });

  it('lets members write to support and see only their messages; admins reply', async () => {
    const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
      t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });
    const s = (
      await api('POST', '/support/add', memberToken, {
        subject: 'Login trouble',
        message: 'Cannot sign in on mobile',
      })
    ).json().support;
    const other = await tokenFor(t.app, await buildMember(t.deps));
    expect((await api('GET', '/support/list', other)).json().support).toHaveLength(0);
    expect((await api('GET', `/support/by/${memberId}`, other)).statusCode).toBe(403);
    const replied = await api('PUT', `/support/${s.id}`, adminToken, {
      reply: 'Clear the app cache, please.',
    });
    expect(replied.json().support).toMatchObject({
      status: 'answered',
      reply: 'Clear the app cache, please.',
    });
    expect((await api('GET', '/support/list', memberToken)).json().support[0].status).toBe('answered');
  });
});
