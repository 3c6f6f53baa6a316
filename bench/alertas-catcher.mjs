// bench/alertas.mjs's SMTP catcher, in a process of its own (child_process.fork), so that parsing
// hundreds of messages a second does not load the parent, which runs the member home's load
// generator (the home's throughput is a measure). It keeps no bodies (100,000 copies of an e-mail
// would be gigabytes), only how many messages each address got, and tells the parent who got one
// and when, in batches. It also samples the open files of the bench's processes (the other reason
// this bench has children), for the same reason: reading /proc/<pid>/fd of a process with 10,000
// sockets is not free.
//
// IPC, child -> parent:
//   { type: 'listening', port }
//   { type: 'alerts', list: [[address, t], ...] }   every message's recipients, batched every BATCH_MS;
//                                                     t is wall-clock ms (performance.timeOrigin + now())
//   { type: 'summary', addresses, messages, twice }  answer to 'summary'
//   { type: 'fds', peaks }                           answer to 'fds': { label: { process: peak } }
// parent -> child:
//   { type: 'summary' }
//   { type: 'watch', label, procs: [{ name, pid, group?, workersOf? }] }   sample those processes' open
//        files every 5 s under `label` (a phase): each one's peak, and the peak of each group's total
//        in one sample (`<group> (soma)`); workersOf: also every child of that pid (node:cluster
//        workers: `<name> worker <pid>` and `<name> (soma)`)
//   { type: 'fds' }
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './lib.mjs';
import { childrenOf } from './cpu-lib.mjs';

const BATCH_MS = 50;
// Every 5 s: the line grows over minutes, and a sample reads ~150,000 entries of /proc at 100,000 members.
const FD_EVERY_MS = 5000;
const wall = () => performance.timeOrigin + performance.now();
const { SMTPServer } = createRequire(join(root, 'apps/api/package.json'))('smtp-server');

const got = new Map(); // address -> messages
let messages = 0;
let pending = [];
setInterval(() => {
  if (pending.length && process.connected) {
    process.send({ type: 'alerts', list: pending });
    pending = [];
  }
}, BATCH_MS).unref();

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData: (stream, session, cb) => {
    stream.on('data', () => {});
    stream.on('end', () => {
      const at = wall();
      messages++;
      for (const r of session.envelope.rcptTo) {
        const to = r.address.toLowerCase();
        got.set(to, (got.get(to) ?? 0) + 1);
        pending.push([to, at]);
      }
      cb();
    });
  },
});

// --- open files ---------------------------------------------------------------------------------------

const countFds = (pid) => {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return 0;
  }
};
const peaks = {}; // label -> name -> peak
let watching = null;
let fdTimer = null;
function sampleFds() {
  if (!watching) return;
  const into = (peaks[watching.label] ??= {});
  const note = (name, n) => {
    if (n > (into[name] ?? 0)) into[name] = n;
  };
  const groups = {};
  for (const p of watching.procs) {
    const n = countFds(p.pid);
    note(p.name, n);
    if (p.group) groups[p.group] = (groups[p.group] ?? 0) + n;
    if (p.workersOf) {
      let all = 0;
      for (const pid of childrenOf(p.pid)) {
        const w = countFds(pid);
        note(`${p.name} worker ${pid}`, w);
        all += w;
      }
      note(`${p.name} (soma)`, all);
    }
  }
  // A group's (and the workers') total in one sample: how many files they held together at once.
  for (const [g, n] of Object.entries(groups)) note(`${g} (soma)`, n);
  note('catcher', countFds(process.pid));
}

process.on('message', (msg) => {
  if (msg.type === 'summary') {
    let twice = 0;
    for (const n of got.values()) if (n > 1) twice++;
    process.send({ type: 'summary', addresses: got.size, messages, twice });
  } else if (msg.type === 'watch') {
    watching = { label: msg.label, procs: msg.procs };
    sampleFds();
    fdTimer ??= setInterval(sampleFds, FD_EVERY_MS);
    fdTimer.unref();
  } else if (msg.type === 'fds') {
    sampleFds();
    process.send({ type: 'fds', peaks });
  }
});
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => process.send({ type: 'listening', port: server.server.address().port }));
server.on('error', (err) => {
  console.error('catcher:', err);
  process.exit(1);
});
