// Where a phase's CPU went, from /proc: the API (its process and, with WORKERS > 1, its workers),
// PostgreSQL (every backend alive now plus what exited backends left in the postmaster's
// cutime/cstime), the bench's own processes (process.cpuUsage, and what its children report) and the
// rest of the machine (/proc/stat's total busy time minus those). A ratio of throughputs says how
// much a load took from the home; this says which process it took it in, so a ratio can be read
// against the CPU the extra work needed (the machine has 2 cores: a second load on a saturated
// machine can only take from the first).
import { readdirSync, readFileSync } from 'node:fs';

const TICK_S = 1 / 100; // USER_HZ (getconf CLK_TCK) is 100 on Linux

/** utime + stime (+ cutime + cstime when `children`) of a process, in seconds; 0 when it is gone. */
function processCpu(pid, { children = false } = {}) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15, cutime 16, cstime 17.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(f[11]) + Number(f[12]);
    return (children ? own + Number(f[13]) + Number(f[14]) : own) * TICK_S;
  } catch {
    return 0;
  }
}

/** A process's children (every thread's), from /proc. */
export const childrenOf = (pid) => {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((t) => readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    return [];
  }
};

/** A process and its descendants. */
const tree = (pid) => [pid, ...childrenOf(pid).flatMap(tree)];

/** PostgreSQL's processes: the postmaster (with its exited children's time) and the live backends. */
function postgresCpu() {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let comm;
    try {
      comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (comm !== 'postgres') continue;
    // The postmaster is the postgres process whose parent is not postgres.
    let parentComm = '';
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
      parentComm = readFileSync(`/proc/${ppid}/comm`, 'utf8').trim();
    } catch {}
    total += processCpu(Number(entry), { children: parentComm !== 'postgres' });
  }
  return total;
}

/** The machine's busy CPU seconds (all cores) from /proc/stat. */
function machineBusy() {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = cpu;
  return (user + nice + system + irq + softirq + (steal ?? 0)) * TICK_S;
}

const benchCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/**
 * A snapshot; `cpuSince(snapshot, { extraBench })` gives each part's CPU seconds since then and the wall
 * time. `extraBench` is what the bench's own child processes reported for the same span.
 */
export function cpuSnapshot(apiPid) {
  return { at: performance.now(), api: tree(apiPid).reduce((s, p) => s + processCpu(p), 0), apiPid, pg: postgresCpu(), bench: benchCpu(), machine: machineBusy() };
}

export function cpuSince(snap, { extraBench = 0 } = {}) {
  const now = cpuSnapshot(snap.apiPid);
  const api = now.api - snap.api;
  const pg = now.pg - snap.pg;
  const bench = now.bench - snap.bench + extraBench;
  const machine = now.machine - snap.machine;
  return { wallS: (now.at - snap.at) / 1000, api, pg, bench, other: Math.max(0, machine - api - pg - bench), machine };
}

/** "API 52.1 s (87 % of a core), PostgreSQL ..." for a span. */
export function describeCpu(c) {
  const share = (s) => `${((100 * s) / c.wallS).toFixed(0)} %`;
  return `CPU em ${c.wallS.toFixed(0)} s: API ${c.api.toFixed(1)} s (${share(c.api)} de um núcleo), PostgreSQL ${c.pg.toFixed(1)} s (${share(c.pg)}), bench ${c.bench.toFixed(1)} s (${share(c.bench)}), outros ${c.other.toFixed(1)} s (${share(c.other)}); máquina ${share(c.machine)} de 200 %`;
}
