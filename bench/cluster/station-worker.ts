/**
 * A child process of bench/cluster.ts running its share of the stations (every n-th id), each
 * through one of the balancer processes: boot, connector statuses, heartbeats and, once the ramp is
 * over, a transaction on every connector with a MeterValues per interval (as bench/ocpp-fleet.ts does), some sessions
 * stopped and started again (--churn), idle probe stations that report a fault and its repair when
 * told, and the coordinator's requests (window, picks, kill tracking, the ledger of what was
 * acknowledged). Everything it reports travels over IPC (bench/cluster/messages.ts).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fleetIds, startFleet } from '@recarga/simulator/fleet';
import type { SimulatedStation } from '@recarga/simulator/station';
import { NodeStats } from './node-stats';
import { wallNow, type FromWorker, type Ledger, type ToWorker, type WorkerSetup } from './messages';

export const WORKER_ENV = 'RECARGA_CLUSTER_WORKER';

const quiet = { info() {}, warn() {}, error() {} };
const send = (m: FromWorker) => process.send!(m);

async function runWorker(setup: WorkerSetup): Promise<void> {
  // The coordinator gone (killed, crashed): nothing left to report to.
  process.on('disconnect', () => process.exit(1));
  const all = fleetIds(setup.stations, setup.prefix);
  const tags = fleetIds(setup.stations, setup.tagPrefix);
  const indexOf = new Map(all.map((id, k) => [id, k]));
  const ids = all.filter((_, k) => k % setup.workers === setup.index);
  const isProbe = (id: string) => indexOf.get(id)! % setup.probeEvery === 0;

  // Kill tracking: the stations the killed node held, when each came back and through which node.
  let killedNode: string | undefined;
  let killMarkAt = 0;
  const orphans = new Set<string>();
  const statusAcks = new Map<string, number>();
  const backAt = new Map<string, number>();
  /** When an orphan's socket opened again, on another node. */
  const reopenedAt = new Map<string, number>();
  const backNode = new Map<string, string>();
  /** Clients that gave up reconnecting (ocpp-rpc closes for good on some handshake errors), with why. */
  const closedForGood = new Map<string, string>();
  let failedAtMark = new Map<string, number>();
  let stopping = false;

  const stats = new NodeStats({
    opened: (id, node) => {
      closedForGood.delete(id);
      if (!killedNode || !orphans.has(id) || backAt.has(id)) return;
      statusAcks.set(id, 0);
      if (node !== killedNode && !reopenedAt.has(id)) reopenedAt.set(id, wallNow());
    },
    gaveUp: (id, reason) => {
      // Only after the kill: a failed first connect at the ramp closes its client too (the fleet retries with a new one).
      if (!stopping && killedNode && orphans.has(id)) closedForGood.set(id, reason);
    },
  });
  const fleet = startFleet({
    url: (id) => `ws://127.0.0.1:${setup.balancerPorts[indexOf.get(id)! % setup.balancerPorts.length]}/ocpp`,
    ids,
    connectors: setup.connectors,
    meterIntervalSec: setup.meterIntervalSec,
    autoSessions: false,
    rampPerSec: setup.rampPerSec,
    retryDelayMs: 5000,
    logger: quiet,
    // The nodes ping every station; the stations do not ping (as in bench/ocpp-fleet.ts).
    station: { callTimeoutMs: setup.callTimeoutMs, operationDelayMs: 1000, pingIntervalMs: 0, stats },
  });
  const byId = new Map(fleet.stations.map((s) => [s.chargeBoxId, s]));

  // Sessions: a transaction on every connector of every station but the probes, staggered over one interval.
  let sessionsRefused = 0;
  let churned = 0;
  const firstRefusals: string[] = [];
  const plug = (station: SimulatedStation, connectorId: number) => {
    if (stopping || !station.isConnectorFree(connectorId)) return;
    station
      .plugIn(connectorId, tags[indexOf.get(station.chargeBoxId)!]!)
      .then((r) => {
        if (r.accepted) return;
        sessionsRefused++;
        if (firstRefusals.length < 3) firstRefusals.push(`${station.chargeBoxId}/${connectorId}: ${r.reason}`);
      })
      .catch(() => undefined);
  };
  // Sessions begin after the ramp, when the coordinator says so, each connector's at a random moment
  // of the next `sessionsOverSec` seconds (a station accepted later begins within the same span).
  let sessionsOn = false;
  let sessionsOverSec = setup.meterIntervalSec;
  const begin = (station: SimulatedStation) => {
    if (isProbe(station.chargeBoxId)) return;
    for (let c = 1; c <= station.connectorCount; c++) {
      if (Math.random() < setup.sessionShare) setTimeout(() => plug(station, c), Math.random() * sessionsOverSec * 1000);
    }
  };
  for (const station of fleet.stations) {
    station.on('state', function accepted(state: string) {
      if (state !== 'accepted' || !sessionsOn) return;
      station.off('state', accepted);
      begin(station);
    });
  }

  // The ledger of what was acknowledged, and the statuses that bring an orphan back.
  const ledger: Ledger = { starts: [], stops: [], samples: [] };
  for (const station of fleet.stations) {
    const id = station.chargeBoxId;
    station.on('sent', (action: string, payload: Record<string, unknown>, response: Record<string, unknown> | undefined) => {
      if (action === 'StartTransaction' && typeof response?.transactionId === 'number') {
        ledger.starts.push([
          response.transactionId,
          id,
          payload.connectorId as number,
          payload.meterStart as number,
          Date.parse(payload.timestamp as string),
        ]);
      } else if (action === 'StopTransaction') {
        ledger.stops.push([payload.transactionId as number, payload.meterStop as number]);
      } else if (action === 'MeterValues' && typeof payload.transactionId === 'number') {
        for (const mv of payload.meterValue as { timestamp: string }[])
          ledger.samples.push(payload.transactionId, Date.parse(mv.timestamp));
      } else if (action === 'StatusNotification' && statusAcks.has(id) && !backAt.has(id) && stats.nodeOf.get(id) !== killedNode) {
        const n = statusAcks.get(id)! + 1;
        statusAcks.set(id, n);
        if (n >= station.connectorCount + 1) {
          backAt.set(id, wallNow());
          backNode.set(id, stats.nodeOf.get(id) ?? '?');
        }
      }
    });
    station.on('command', (action: string) => send({ type: 'command', id, action, at: wallNow() }));
  }

  // Churn: running sessions stopped at random (the driver unplugs), each started again 5-15 s later.
  let churnCredit = 0;
  const churn = () => {
    if (stopping) return;
    const running = fleet.stations.flatMap((s) => (s.state === 'accepted' ? s.transactions.map((t) => [s, t.connectorId] as const) : []));
    churnCredit += (setup.churnPerMinute * running.length) / 60;
    for (; churnCredit >= 1 && running.length; churnCredit--) {
      const [station, connectorId] = running.splice(Math.floor(Math.random() * running.length), 1)[0]!;
      churned++;
      station
        .unplug(connectorId)
        .catch(() => undefined)
        .finally(() => setTimeout(() => plug(station, connectorId), 5000 + Math.random() * 10_000));
    }
  };

  const progress = (): FromWorker => {
    const byNode: Record<string, number> = {};
    let connected = 0;
    let accepted = 0;
    let sessions = 0;
    const waiting: Record<string, number> = {};
    for (const s of fleet.stations) {
      if (s.state === 'accepted') accepted++;
      sessions += s.transactions.length;
      if (s.connected) {
        connected++;
        const node = stats.nodeOf.get(s.chargeBoxId) ?? '?';
        byNode[node] = (byNode[node] ?? 0) + 1;
      }
      if (orphans.has(s.chargeBoxId) && !backAt.has(s.chargeBoxId)) {
        const k = `${s.state}${s.connected ? '' : ' (socket closed)'}`;
        waiting[k] = (waiting[k] ?? 0) + 1;
      }
    }
    return {
      type: 'progress',
      accepted,
      connected,
      byNode,
      sessions,
      sessionsRefused,
      firstRefusals,
      churned,
      orphans: orphans.size,
      back: backAt.size,
      waiting,
    };
  };
  setInterval(() => send(progress()), 1000).unref();

  let loop: ReturnType<typeof monitorEventLoopDelay> | undefined;
  process.on('message', (m: ToWorker) => {
    switch (m.type) {
      case 'sessions':
        sessionsOn = true;
        sessionsOverSec = m.overSec;
        for (const station of fleet.stations) if (station.state === 'accepted') begin(station);
        setInterval(churn, 1000).unref();
        break;
      case 'start-window':
        stats.reset();
        loop = monitorEventLoopDelay({ resolution: 10 });
        loop.enable();
        break;
      case 'end-window': {
        loop?.disable();
        // The histogram holds each 10 ms timer's whole period: the delay is what exceeds it.
        send({
          type: 'window',
          overall: stats.part(),
          byNode: stats.partsByNode(),
          loopP99Ms: loop ? Math.max(0, loop.percentile(99) / 1e6 - 10) : 0,
          loopMaxMs: loop ? Math.max(0, loop.max / 1e6 - 10) : 0,
        });
        break;
      }
      case 'pick': {
        const picked = fleet.stations
          .filter((s) => s.connected && stats.nodeOf.get(s.chargeBoxId) === m.node && isProbe(s.chargeBoxId) === m.probes)
          .slice(0, m.count)
          .map((s) => s.chargeBoxId);
        send({ type: 'picked', ids: picked });
        break;
      }
      case 'probe': {
        const station = byId.get(m.id);
        if (!station) break;
        send({ type: 'probe-sent', id: m.id, at: wallNow() });
        void (m.status === 'Available' ? station.clearFault(1) : station.fault(1)).catch(() => undefined);
        break;
      }
      case 'kill-mark':
        killedNode = m.node;
        killMarkAt = wallNow();
        for (const s of fleet.stations) if (s.connected && stats.nodeOf.get(s.chargeBoxId) === m.node) orphans.add(s.chargeBoxId);
        failedAtMark = new Map(stats.failedByAction);
        send({ type: 'marked', orphans: orphans.size });
        break;
      case 'kill-report': {
        const notBack = (progress() as { waiting: Record<string, number> }).waiting;
        const backByNode: Record<string, number> = {};
        for (const node of backNode.values()) backByNode[node] = (backByNode[node] ?? 0) + 1;
        const failedSinceKill: Record<string, number> = {};
        for (const [action, n] of stats.failedByAction)
          if (n > (failedAtMark.get(action) ?? 0)) failedSinceKill[action] = n - (failedAtMark.get(action) ?? 0);
        send({
          type: 'kill-report',
          orphans: orphans.size,
          backAt: [...backAt.values()].filter((t) => t >= killMarkAt),
          reopenedAt: [...reopenedAt.values()],
          backByNode,
          notBack,
          closedForGood: [...closedForGood.values()],
          failedSinceKill,
        });
        break;
      }
      case 'stop':
        stopping = true;
        // A few stations at a time, so their StopTransactions do not all arrive in the same second.
        void (async () => {
          const stopped: Promise<void>[] = [];
          const began = performance.now();
          for (let k = 0; k < fleet.stations.length; k++) {
            const due = began + (k / m.perSecond) * 1000;
            if (due > performance.now() + 50) await new Promise((r) => setTimeout(r, due - performance.now()));
            stopped.push(fleet.stations[k]!.stop({ endTransactions: true, timeoutMs: 60_000 }).catch(() => undefined));
          }
          await Promise.all(stopped);
          await fleet.stop({ endTransactions: false, timeoutMs: 5000 });
        })()
          .catch(() => undefined)
          .finally(() => {
            send({ type: 'ledger', ledger, failed: Object.fromEntries(stats.failedByAction) });
            // Exits once both are written (the ledger can be megabytes).
            process.send!({ type: 'stopped' } satisfies FromWorker, () => process.exit(0));
          });
        break;
    }
  });
  await fleet.ready;
}

const setup = process.env[WORKER_ENV];
if (setup && process.send) await runWorker(JSON.parse(setup) as WorkerSetup);
