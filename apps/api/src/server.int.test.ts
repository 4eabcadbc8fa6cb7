import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { appUrlFor, createTestDatabase, sqlOn } from '../test/helpers';
import { loadConfig } from './config';
import { demoCredentials } from './db/seed';
import { startServer } from './server';

const signIn = (base: string, kind: 'signin' | 'adminsignin', email: string, password: string) =>
  fetch(`${base}/api/v1/auth/${kind}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

describe('starting the server', () => {
  it('with no DATABASE_URL runs an embedded PostgreSQL whose data survives a restart, seeded once', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sgx-embedded-'));
    const env = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
    } as const;
    try {
      const first = await startServer(loadConfig(env));
      expect(first.seeded).toBe(true);
      expect((await fetch(`${first.url}/api/v1/health/ready`)).status).toBe(200);
      const reg = await fetch(`${first.url}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          fullname: 'Kept Member',
          email: 'kept@example.com',
          phone: '+919876543210',
          password: 'Keep-Amber-Tide-12',
          confirmPassword: 'Keep-Amber-Tide-12',
        }),
      });
      expect(reg.status).toBe(201);
      await first.close();

      const second = await startServer(loadConfig(env));
      try {
        expect(second.seeded).toBe(false);
        expect((await signIn(second.url, 'signin', 'kept@example.com', 'Keep-Amber-Tide-12')).status).toBe(
          200,
        );
        expect(
          (
            await signIn(
              second.url,
              'adminsignin',
              demoCredentials.admin.email,
              demoCredentials.admin.password,
            )
          ).status,
        ).toBe(200);
        const member = await signIn(
          second.url,
          'signin',
          demoCredentials.member.email,
          demoCredentials.member.password,
        );
        const { auth } = (await member.json()) as { auth: { id: number; token: string } };
        const me = await fetch(`${second.url}/api/v1/users/${auth.id}`, {
          headers: { authorization: `Bearer ${auth.token}` },
        });
        // The demo history (decision 0022) puts 11 members in the demo member's downline.
        expect(((await me.json()) as { singleuser: { total_team: number } }).singleuser.total_team).toBe(11);
        const plans = (await (await fetch(`${second.url}/api/v1/plans/list`)).json()) as {
          allplans: { name: string; ROI_day: string }[];
        };
        expect(
          plans.allplans.map((p: { name: string; ROI_day: string }) => `${p.name} ${p.ROI_day}`),
        ).toEqual(['Bronze 0.50000000', 'Silver 0.60000000', 'Gold 0.70000000']);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('with DATABASE_URL in production seeds nothing and creates the first admin from the environment', async () => {
    const url = await createTestDatabase();
    const running = await startServer(
      loadConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_URL: url,
        DATABASE_APP_URL: appUrlFor(url),
        IDENTITY_DOCUMENTS_KEY: 'cHJvZHVjdGlvbi10ZXN0LWtleS0zMi1ieXRlcy0hISE=',
        ADMIN_EMAIL: 'owner@socialgenx.example',
        ADMIN_PASSWORD: 'Very-Long-Secret-1',
      }),
    );
    try {
      expect(running.seeded).toBe(false);
      expect(
        (await signIn(running.url, 'adminsignin', 'owner@socialgenx.example', 'Very-Long-Secret-1')).status,
      ).toBe(200);
      expect(
        (
          await signIn(
            running.url,
            'adminsignin',
            demoCredentials.admin.email,
            demoCredentials.admin.password,
          )
        ).status,
      ).toBe(401);
      const plans = (await (await fetch(`${running.url}/api/v1/plans/list`)).json()) as {
        allplans: unknown[];
      };
      expect(plans.allplans).toEqual([]);
    } finally {
      await running.close();
    }
  }, 60_000);

  it('runs requests on DATABASE_APP_URL (the app role), else on the owner with a warning', async () => {
    const url = await createTestDatabase();
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: url,
    } as const;
    const logins = async () =>
      (
        await sqlOn(
          url,
          `SELECT DISTINCT usename AS name FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
        )
      ).rows.map((r) => r.name);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const own = await startServer(loadConfig({ ...env, DATABASE_APP_URL: appUrlFor(url) }));
      try {
        expect((await fetch(`${own.url}/api/v1/health/ready`)).status).toBe(200);
        // The pool and the settings listener (the start's own connections as the owner may take a moment to go).
        let seen = await logins();
        for (let i = 0; i < 40 && seen.length !== 1; i++) {
          await new Promise((r) => setTimeout(r, 50));
          seen = await logins();
        }
        expect(seen).toEqual(['sgx_app']);
        expect(warn).not.toHaveBeenCalled();
      } finally {
        await own.close();
      }
      const shared = await startServer(loadConfig(env));
      try {
        expect((await fetch(`${shared.url}/api/v1/health/ready`)).status).toBe(200);
        expect(warn).toHaveBeenCalledWith(expect.stringMatching(/DATABASE_APP_URL is not set/));
      } finally {
        await shared.close();
      }
    } finally {
      warn.mockRestore();
    }
  }, 60_000);

  it('in production refuses to serve requests through a login that may change the schema or the roles', async () => {
    const url = await createTestDatabase();
    await expect(
      startServer(
        loadConfig({
          NODE_ENV: 'production',
          LOG_LEVEL: 'silent',
          HOST: '127.0.0.1',
          PORT: '0',
          DATABASE_URL: url,
          IDENTITY_DOCUMENTS_KEY: 'cHJvZHVjdGlvbi10ZXN0LWtleS0zMi1ieXRlcy0hISE=',
          // The owner's (superuser's) login given as the app's: refused, not merely warned about.
          DATABASE_APP_URL: url,
        }),
      ),
    ).rejects.toThrow(/give requests the app role's own login/);
  }, 60_000);

  it('refuses a wrong environment with a readable message', () => {
    expect(() => loadConfig({ DATABASE_APP_URL: 'postgres://sgx_app:x@db/sgx' })).toThrow(
      /DATABASE_APP_URL needs DATABASE_URL/,
    );
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    // In production an external database serves requests only through the app role's own login.
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://owner:x@db/sgx' })).toThrow(
      /DATABASE_APP_URL is required in production/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://owner:x@db/sgx',
        DATABASE_APP_URL: 'postgres://sgx_app:x@db/sgx',
        IDENTITY_DOCUMENTS_KEY: 'cHJvZHVjdGlvbi10ZXN0LWtleS0zMi1ieXRlcy0hISE=',
      }),
    ).not.toThrow();
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD go together/);
  });
});
