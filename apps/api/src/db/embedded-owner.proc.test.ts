import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { OWNER_FILE, processIdentity, takeOwnership } from './embedded-owner';

const execFileAsync = promisify(execFile);

describe('ownership of a data folder', () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const dir of folders) await rm(dir, { recursive: true, force: true });
  });
  const folder = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sgx-owner-'));
    folders.push(dir);
    return dir;
  };
  /** The identity of a process that has ended (its pid is free again). */
  const deadProcess = async () => {
    const child = spawn(process.execPath, ['-e', '']);
    await once(child, 'exit');
    return { pid: child.pid, boot: 'gone', started: '1' };
  };

  it('is taken, refused to a second taker while held, and released', async () => {
    const dir = await folder();
    const owner = await takeOwnership(dir);
    const record = JSON.parse(await readFile(path.join(dir, OWNER_FILE), 'utf8'));
    expect(record.pid).toBe(process.pid);
    await expect(takeOwnership(dir)).rejects.toThrow(`Another SocialGenX server (pid ${process.pid})`);
    await owner.release();
    expect(existsSync(path.join(dir, OWNER_FILE))).toBe(false);
    await (await takeOwnership(dir)).release();
  });

  it('is taken over from an owner that died, or a record nobody alive wrote', async () => {
    const dir = await folder();
    await writeFile(path.join(dir, OWNER_FILE), JSON.stringify(await deadProcess()));
    const owner = await takeOwnership(dir);
    expect(JSON.parse(await readFile(path.join(dir, OWNER_FILE), 'utf8')).pid).toBe(process.pid);
    await owner.release();
    await writeFile(path.join(dir, OWNER_FILE), '{"pid":');
    await (await takeOwnership(dir)).release();
  });

  it('goes to exactly one of many processes taking over a dead owner at once', async () => {
    const dir = await folder();
    await writeFile(path.join(dir, OWNER_FILE), JSON.stringify(await deadProcess()));
    const script = `import { takeOwnership } from ${JSON.stringify(path.join(import.meta.dirname, 'embedded-owner.ts'))};
      takeOwnership(process.argv[1]).then(() => { console.log('owner'); setTimeout(() => {}, 1500); }, (e) => console.log(e.message));`;
    const takers = Array.from({ length: 4 }, () =>
      execFileAsync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dir]),
    );
    const outputs = (await Promise.all(takers)).map((r) => r.stdout.trim());
    expect(outputs.filter((o) => o === 'owner')).toHaveLength(1);
    expect(outputs.filter((o) => o.startsWith('Another SocialGenX server'))).toHaveLength(3);
  });

  it('knows a live process from one that ended', async () => {
    expect(await processIdentity(process.pid)).toMatchObject({ pid: process.pid });
    const dead = await deadProcess();
    expect(await processIdentity(dead.pid ?? 0)).toBeUndefined();
  });
});
