import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStore, saveEntry } from './admin-sign-in';
import { isLoopback } from './app-api';
import { confirmationsFor } from './app-setup';
import { parseOptions } from './options';
import { base32Decode, freeSteps, hotp, totpCode } from './totp';

/** The pieces of `npm run chain:dev` that need no app (the whole of it: apps/api/test/chain-dev.int.test.ts). */
describe('RFC 6238 codes', () => {
  // RFC 6238 appendix B, SHA-1: the key is the ASCII "12345678901234567890"; apps show the last 6 digits.
  const key = Buffer.from('12345678901234567890', 'ascii');
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %i s gives the RFC test vector %s', (seconds, expected) => {
    const step = Math.floor(seconds / 30);
    expect(hotp(key, step, 8)).toBe(expected);
    expect(totpCode(secret, step)).toBe(expected.slice(2));
  });

  it('reads base32 in any case, with spaces and padding', () => {
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq').toString('ascii')).toBe(
      '12345678901234567890',
    );
    expect(base32Decode('MFRGG===').toString('ascii')).toBe('abc');
    expect(() => base32Decode('AB1C')).toThrow(/not a base32 secret/i);
  });

  it('offers only steps the server still takes, later than the last used, the current one first', () => {
    const at = 100 * 30_000 + 5_000;
    expect(freeSteps(undefined, at)).toEqual([100, 101]);
    expect(freeSteps(99, at)).toEqual([100, 101]);
    expect(freeSteps(100, at)).toEqual([101]);
    expect(freeSteps(101, at)).toEqual([]);
  });
});

describe('chain:dev options', () => {
  it('finds the app on PORT when neither --app nor APP_URL is given', () => {
    const parsed = parseOptions([], { PORT: '4123' });
    expect(parsed.help === false && parsed.options.app?.href).toBe('http://127.0.0.1:4123/');
    const byUrl = parseOptions([], { PORT: '4123', APP_URL: 'http://localhost:5000' });
    expect(byUrl.help === false && byUrl.options.app?.href).toBe('http://localhost:5000/');
    const byFlag = parseOptions(['--app', 'http://127.0.0.1:6000'], { APP_URL: 'http://localhost:5000' });
    expect(byFlag.help === false && byFlag.options.app?.href).toBe('http://127.0.0.1:6000/');
    const none = parseOptions(['--no-app'], {});
    expect(none.help === false && none.options.app).toBeUndefined();
  });

  it('takes the data folder as the app does (DATA_DIR from where npm was started) and both demo admins', () => {
    const parsed = parseOptions([], { DATA_DIR: 'data', INIT_CWD: '/somewhere' });
    if (parsed.help) throw new Error('help');
    expect(parsed.options.dataDir).toBe(path.resolve('/somewhere/data'));
    expect(parsed.options.admins.map((a) => a.email)).toEqual(['admin@example.com', 'admin2@example.com']);
    expect(parsed.options).toMatchObject({ evmPort: 8545, tronPort: 8546, chainId: 56, json: false });
  });

  it('takes the two nodes’ ports (--evm-port, its old name --port, --tron-port) and --json', () => {
    const opts = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
      const parsed = parseOptions(argv, env);
      if (parsed.help) throw new Error('help');
      return parsed.options;
    };
    expect(opts(['--evm-port', '9545', '--tron-port', '9546', '--json'])).toMatchObject({
      evmPort: 9545,
      tronPort: 9546,
      json: true,
    });
    expect(opts(['--port', '7545']).evmPort).toBe(7545);
    expect(opts(['--port', '7545', '--evm-port', '7545']).evmPort).toBe(7545);
    expect(opts([], { CHAIN_DEV_PORT: '6545', CHAIN_DEV_TRON_PORT: '6546' })).toMatchObject({
      evmPort: 6545,
      tronPort: 6546,
    });
    expect(opts(['--evm-port', '0', '--tron-port', '0'])).toMatchObject({ evmPort: 0, tronPort: 0 });
    expect(opts(['--chain-id', '1']).chainId).toBe(1);
  });

  it('refuses wrong values with a readable message', () => {
    expect(() => parseOptions(['--port', 'x'], {})).toThrow('--evm-port must be 0..65535.');
    expect(() => parseOptions(['--tron-port', '70000'], {})).toThrow('--tron-port must be 0..65535.');
    expect(() => parseOptions(['--port', '1', '--evm-port', '2'], {})).toThrow(/give one of them/);
    expect(() => parseOptions(['--evm-port', '9000', '--tron-port', '9000'], {})).toThrow(
      /each node needs a port of its own/,
    );
    expect(() => parseOptions(['--chain-id', '728126428'], {})).toThrow(/TRON stand-in/);
    expect(() => parseOptions(['--json=yes'], {})).toThrow(/json/);
    expect(() => parseOptions(['--app', 'not a url'], {})).toThrow('--app is not a URL');
    expect(() => parseOptions(['--nope'], {})).toThrow(/nope/);
  });

  it('asks for the floor of confirmations of the chain, TRON’s included', () => {
    expect([56, 1, 137, 42161, 728126428, 31337].map(confirmationsFor)).toEqual([15, 12, 128, 20, 19, 15]);
  });
});

describe('two-factor secrets of the demo admins', () => {
  it('are kept only for an app on this machine', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect(isLoopback(new URL(url))).toBe(true);
    }
    for (const url of ['http://10.0.0.5:3000', 'https://example.com', 'http://127.0.0.1.example.com']) {
      expect(isLoopback(new URL(url))).toBe(false);
    }
  });

  it('are written readable by their owner only, one entry per e-mail', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sgx-chain-dev-store-'));
    try {
      const file = path.join(dir, 'sub', 'dev-second-factor.json');
      saveEntry(file, 'Admin@Example.com', {
        secret: 'AAAA',
        otpauth_url: 'otpauth://x',
        recovery_codes: [],
      });
      saveEntry(file, 'admin2@example.com', {
        secret: 'BBBB',
        otpauth_url: 'otpauth://y',
        recovery_codes: ['a'],
      });
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(Object.keys(loadStore(file))).toEqual(['admin@example.com', 'admin2@example.com']);
      expect(JSON.parse(readFileSync(file, 'utf8'))['admin@example.com'].secret).toBe('AAAA');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
