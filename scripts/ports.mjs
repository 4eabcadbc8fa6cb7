// Free ports for tests that must name a port before the program that listens on it starts (a chain node
// restarted on the same port, an app and its mail catcher started by Playwright). A port chosen by binding
// port 0 and then released is taken from the ephemeral range, where every other program binding port 0 (an
// embedded PostgreSQL, an anvil, a client socket) may take it before ours listens: on a busy machine it was
// (chain-dev tests failed on ports taken meanwhile). These ports are picked below that range, at
// random, and checked free, all at once, by binding them.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The first port of the ephemeral range (Linux: /proc/sys/net/ipv4/ip_local_port_range; else IANA's 49152). */
function ephemeralLow() {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 2_000 ? low : 49_152;
  } catch {
    return 49_152;
  }
}

const CHECK = `
const net = require('node:net');
const ports = JSON.parse(process.argv[1]);
let left = ports.length, ok = true;
const servers = ports.map((p) => net.createServer().once('error', () => { ok = false; done(); }).listen(p, '127.0.0.1', done));
function done() { if (--left === 0) { process.stdout.write(ok ? 'free' : 'taken'); servers.forEach((s) => s.close()); } }
`;

/** Whether every one of `ports` can be bound on 127.0.0.1 now (checked in a child, so this stays synchronous). */
export function portsFree(ports) {
  return (
    execFileSync(process.execPath, ['-e', CHECK, JSON.stringify(ports)], { encoding: 'utf8' }) === 'free'
  );
}

/**
 * A base port `p` such that `p + o` is free for every offset in `offsets` (default: just `p`), all below the
 * ephemeral range. Synchronous, so a Playwright config can call it.
 */
export function pickFreePort(offsets = [0]) {
  const top = ephemeralLow() - 1 - Math.max(0, ...offsets);
  const bottom = 10_000 - Math.min(0, ...offsets);
  if (top <= bottom)
    throw new RangeError(`offsets ${offsets.join(', ')} do not fit between 10000 and ${top}`);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = bottom + Math.floor(Math.random() * (top - bottom));
    if (portsFree(offsets.map((o) => base + o))) return base;
  }
  throw new Error(`no free ports for offsets ${offsets.join(', ')} below ${top}`);
}
