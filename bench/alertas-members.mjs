// A share of bench/alertas.mjs's simulated members, in a process of its own (child_process.fork):
// one process cannot hold 100,000 WebSockets (this machine's hard open-file limit is 20,000), so the
// parent spreads the members over MEMBER_PROCS of these, each owning the members whose number n has
// n % MEMBER_PROCS === its index (at most ceil(MEMBERS / MEMBER_PROCS) sockets at once).
//
// IPC, parent -> child:
//   { type: 'phase', name, wsUrl, localAddress }  a phase starts (sockets from localAddress, see below)
//   { type: 'alerted', list: [[address, t], ...] } these members got their alert at wall time t (ms)
//   { type: 'end' }                                the phase is over: every member still there logs out
//                                                   and closes; answer 'ended'
// child -> parent:
//   { type: 'ready' }
//   { type: 'admitted', list: [[address, t], ...] } batched every BATCH_MS
//   { type: 'open', n }                             sockets open now (every second while a phase runs)
//   { type: 'ended', stats }                        what went wrong and how many sockets at once, at most
//
// A member, once alerted: waits its reaction delay (exponential, mean REACT_S, at most 10x, counted
// from the alert's time), opens a WebSocket to the waiting room, sends TryLogin, renews its place
// with UpdateActivity every 30 s as the web client does (apps/web waiting-room-controller.ts:
// ACTIVITY_INTERVAL_MS) while it waits and while it stays, and on ProceedToLogin notes the admission,
// stays STAY_S, sends Logout and closes. A socket dropped before the admission reconnects as the web
// client does (counted: the bench's check wants none); a place dropped by the room (Error FORA_DA_FILA)
// or a room that cannot be read (INDISPONIVEL, after 5 s) is asked for again with TryLogin, as the web
// client's login page does (counted in the server errors). Times are wall-clock (performance.timeOrigin +
// performance.now()) so that the parent compares them with the catcher's, another process's.
//
// Every process connects from its own loopback address (127.x.y.z, all of 127/8 is this machine):
// the kernel's ephemeral ports (32768-60999 by default) are per source and destination address, and
// 100,000 connections to the one API port from 127.0.0.1 would run out of them.
import WebSocket from 'ws';

const STAY_S = Number(process.env.STAY_S ?? 120);
const REACT_S = Number(process.env.REACT_S ?? 60);
const ACTIVITY_MS = 30_000;
const RECONNECTS = 10;
const BATCH_MS = 50;
const wall = () => performance.timeOrigin + performance.now();

let phase = null;
let admitted = [];
const flush = () => {
  if (admitted.length && process.connected) {
    process.send({ type: 'admitted', list: admitted });
    admitted = [];
  }
};
setInterval(flush, BATCH_MS).unref();
setInterval(() => {
  if (phase && process.connected) process.send({ type: 'open', n: phase.open });
}, 1000).unref();

function newPhase(msg) {
  return {
    name: msg.name,
    wsUrl: msg.wsUrl,
    localAddress: msg.localAddress,
    sockets: new Set(),
    timers: new Set(),
    seen: new Set(),
    open: 0,
    peakOpen: 0,
    opened: 0,
    admitted: 0,
    errors: {},
    closedBeforeAdmission: 0,
    gaveUp: 0,
    serverErrors: {},
    loggedOutBy: {},
  };
}

/**
 * One member: connects, TryLogin, renews every 30 s, notes ProceedToLogin, stays, leaves. A socket
 * that drops before the admission is opened again as the web client does (backoff.ts: 0.5 s doubling
 * to 15 s, ±20 %; the same clientId keeps the place), at most RECONNECTS times; every drop is counted.
 */
function come(p, address) {
  const clientId = `bench-${address.replace(/[^a-z0-9]/g, '').slice(-40)}`;
  let done = false;
  let failures = 0;
  const connect = () => {
    const ws = new WebSocket(p.wsUrl, { localAddress: p.localAddress, perMessageDeflate: false });
    let opened = false;
    let activity = null;
    p.sockets.add(ws);
    const send = (type) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(`{"type":"${type}","clientId":"${clientId}"}`);
    };
    /** The phase is over: the member leaves (its place inside, or in the line, is freed) and closes. */
    ws.leave = () => {
      if (activity) clearInterval(activity);
      send('Logout');
      ws.close();
    };
    ws.on('open', () => {
      opened = true;
      failures = 0;
      p.opened++;
      p.open++;
      if (p.open > p.peakOpen) p.peakOpen = p.open;
      send('TryLogin');
      activity = setInterval(() => send('UpdateActivity'), ACTIVITY_MS);
    });
    ws.on('message', (data) => {
      const text = String(data);
      // The hot message of a long line (a position each second): not parsed.
      if (text.startsWith('{"type":"ReceiveQueuePosition"')) return;
      let m;
      try {
        m = JSON.parse(text);
      } catch {
        return;
      }
      if (m.type === 'ProceedToLogin' && !done) {
        done = true;
        p.admitted++;
        admitted.push([address, wall()]);
        const t = setTimeout(() => {
          p.timers.delete(t);
          // No renewal after leaving (it would be answered FORA_DA_FILA in the 200 ms before the close).
          if (activity) clearInterval(activity);
          send('Logout');
          const t2 = setTimeout(() => {
            p.timers.delete(t2);
            ws.close();
          }, 200);
          p.timers.add(t2);
        }, STAY_S * 1000);
        p.timers.add(t);
      } else if (m.type === 'Error') {
        p.serverErrors[m.code] = (p.serverErrors[m.code] ?? 0) + 1;
        // Dropped from the line (a renewal that came too late): the web client's login page asks again
        // (waiting-room-controller.ts answers FORA_DA_FILA with TryLogin), so does the member here.
        // Without it a dropped member waited for nothing until the phase's time limit.
        if (m.code === 'FORA_DA_FILA' && !done) send('TryLogin');
        // The room's store away: the web client tries again after 5 s (UNAVAILABLE_RETRY_MS).
        if (m.code === 'INDISPONIVEL' && !done) {
          const t = setTimeout(() => {
            p.timers.delete(t);
            if (!done && phase === p) send('TryLogin');
          }, 5000);
          p.timers.add(t);
        }
      } else if (m.type === 'ProceedToLogout' && m.motivo !== 'saida') {
        p.loggedOutBy[m.motivo] = (p.loggedOutBy[m.motivo] ?? 0) + 1;
      }
    });
    ws.on('error', (err) => {
      if (p.ending) return; // a socket still connecting when the phase ended, cut by us
      const code = err.code ?? err.message.slice(0, 60);
      p.errors[code] = (p.errors[code] ?? 0) + 1;
    });
    ws.on('close', () => {
      if (activity) clearInterval(activity);
      if (opened) p.open--;
      p.sockets.delete(ws);
      if (done || p.ending || phase !== p) return;
      p.closedBeforeAdmission++;
      if (failures >= RECONNECTS) return void p.gaveUp++;
      const nominal = Math.min(15_000, 500 * 2 ** failures++);
      const t = setTimeout(() => {
        p.timers.delete(t);
        if (phase === p) connect();
      }, Math.round(nominal * (0.8 + 0.4 * Math.random())));
      p.timers.add(t);
    });
  };
  connect();
}

function alerted(list) {
  const p = phase;
  if (!p) return;
  const now = wall();
  for (const [address, t] of list) {
    if (p.seen.has(address)) continue;
    p.seen.add(address);
    const delay = Math.min(10 * REACT_S, -Math.log(1 - Math.random()) * REACT_S) * 1000;
    const t1 = setTimeout(() => {
      p.timers.delete(t1);
      come(p, address);
    }, Math.max(0, t + delay - now));
    p.timers.add(t1);
  }
}

/**
 * The phase is over: every member still connected logs out (otherwise the room keeps them inside,
 * and their places, until its inactivity time-out: the next phase would find the room full) and
 * closes; whatever has not closed after 5 s is cut.
 */
async function end() {
  const p = phase;
  phase = null;
  if (!p) return process.send({ type: 'ended', stats: null });
  flush();
  p.ending = true;
  for (const t of p.timers) clearTimeout(t);
  for (const ws of p.sockets) ws.leave();
  for (let waited = 0; p.sockets.size > 0 && waited < 5000; waited += 100) await new Promise((r) => setTimeout(r, 100));
  for (const ws of p.sockets) ws.terminate();
  const { name, peakOpen, opened, errors, closedBeforeAdmission, gaveUp, serverErrors, loggedOutBy, seen } = p;
  process.send({ type: 'ended', stats: { name, alerted: seen.size, admitted: p.admitted, peakOpen, opened, errors, closedBeforeAdmission, gaveUp, serverErrors, loggedOutBy } });
}

process.on('message', (msg) => {
  if (msg.type === 'phase') phase = newPhase(msg);
  else if (msg.type === 'alerted') alerted(msg.list);
  else if (msg.type === 'end') end();
});
// The parent gone (ended, or killed): nothing left to do here.
process.on('disconnect', () => process.exit(0));
process.send({ type: 'ready' });
