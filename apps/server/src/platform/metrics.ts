import { timingSafeEqual } from 'node:crypto';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyRequest } from 'fastify';

type Labels = Record<string, string>;
const key = (labels: Labels) => JSON.stringify(Object.entries(labels).sort());
const fmt = (labels: Labels) => {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${v.replace(/["\\\n]/g, '_')}"`);
  return parts.length ? `{${parts.join(',')}}` : '';
};

interface Metric {
  render(): string;
}

export class Gauge implements Metric {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly collect?: () => number,
  ) {}
  set(value: number, labels: Labels = {}) {
    this.values.set(key(labels), { labels, value });
  }
  add(by: number, labels: Labels = {}) {
    const k = key(labels);
    const cur = this.values.get(k);
    this.values.set(k, { labels, value: (cur?.value ?? 0) + by });
  }
  render() {
    if (this.collect) this.set(this.collect());
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} gauge`];
    for (const { labels, value } of this.values.values()) lines.push(`${this.name}${fmt(labels)} ${value}`);
    return lines.join('\n');
  }
}

export class Histogram implements Metric {
  private readonly series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: number[],
  ) {}
  observe(value: number, labels: Labels = {}) {
    const k = key(labels);
    let s = this.series.get(k);
    if (!s) this.series.set(k, (s = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 }));
    this.buckets.forEach((b, i) => {
      if (value <= b) s.counts[i]!++;
    });
    s.sum += value;
    s.count++;
  }
  render() {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const s of this.series.values()) {
      this.buckets.forEach((b, i) => lines.push(`${this.name}_bucket${fmt({ ...s.labels, le: String(b) })} ${s.counts[i]}`));
      lines.push(`${this.name}_bucket${fmt({ ...s.labels, le: '+Inf' })} ${s.count}`);
      lines.push(`${this.name}_sum${fmt(s.labels)} ${s.sum}`, `${this.name}_count${fmt(s.labels)} ${s.count}`);
    }
    return lines.join('\n');
  }
}

/** A small Prometheus registry: every module registers its metrics here; GET /metrics renders them. */
export class Metrics {
  private readonly all: Metric[] = [];
  readonly httpDuration = this.register(
    new Histogram('recarga_http_request_duration_seconds', 'HTTP request duration', [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]),
  );
  readonly rss = this.register(new Gauge('recarga_process_resident_memory_bytes', 'Resident memory', () => process.memoryUsage.rss()));
  /** How late a 20 ms timer fires: time the event loop was blocked (garbage collection, long synchronous work). */
  readonly eventLoopDelay = this.register(
    new Histogram(
      'recarga_event_loop_delay_seconds',
      'Lateness of a 20 ms timer on the event loop',
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    ),
  );
  private loopTimer: NodeJS.Timeout | undefined;

  /** Starts sampling the event loop's delay (stopped by stop()). */
  startEventLoopMonitor(periodMs = 20) {
    if (this.loopTimer) return;
    let last = performance.now();
    this.loopTimer = setInterval(() => {
      const now = performance.now();
      this.eventLoopDelay.observe(Math.max(0, now - last - periodMs) / 1000);
      last = now;
    }, periodMs);
    this.loopTimer.unref();
  }

  stop() {
    clearInterval(this.loopTimer);
    this.loopTimer = undefined;
  }

  register<M extends Metric>(metric: M): M {
    this.all.push(metric);
    return metric;
  }
  render() {
    return this.all.map((m) => m.render()).join('\n') + '\n';
  }
}

/** Who may read /metrics (config `metrics`): a bearer token, or an allowed address. */
export interface ScrapeAccess {
  token?: string;
  allow: string[];
}

function scrapeAllowed(access: ScrapeAccess) {
  const trusted = proxyAddr.compile(access.allow);
  const token = access.token ? Buffer.from(`Bearer ${access.token}`) : null;
  return (req: FastifyRequest) => {
    const given = req.headers.authorization;
    if (token && given && given.length === token.length && timingSafeEqual(Buffer.from(given), token)) return true;
    return trusted(req.ip, 0);
  };
}

export function registerMetrics(app: FastifyInstance, metrics: Metrics, access: ScrapeAccess) {
  const allowed = scrapeAllowed(access);
  metrics.startEventLoopMonitor();
  app.addHook('onClose', async () => metrics.stop());
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    metrics.httpDuration.observe(reply.elapsedTime / 1000, { method: req.method, route, status: String(reply.statusCode) });
  });
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    // Not found for anyone else: the page names routes, stations counts and the node.
    if (!allowed(req)) return reply.status(404).send({ code: 'NOT_FOUND', message: `Route GET /metrics not found` });
    return reply.type('text/plain; version=0.0.4').send(metrics.render());
  });
}
