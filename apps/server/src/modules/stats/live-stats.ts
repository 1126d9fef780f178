import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Notification } from '@recarga/contracts/notifications';
import type { DB } from '../../db/db';
import type { LivePublisher } from '../../platform/live-publisher';
import * as repo from './repository';
import type { StatsService } from './service';

export interface LiveStatsOptions {
  /** Quiet time after the last change before the figures are computed (default 1 s). */
  debounceMs?: number;
  /** Longest a busy tenant waits for its figures (default 5 s). */
  maxWaitMs?: number;
  /**
   * At most this share of the time goes to computing a tenant's figures (default 0.1): figures
   * that took 500 ms are computed again 4.5 s later at the earliest, whatever the changes.
   */
  dutyCycle?: number;
}

/** Events that can change the figures: recharges starting or ending, stations going on- or offline. */
const STATS_EVENTS = new Set(['TransactionStarted', 'TransactionEnded', 'Connected', 'Disconnected']);
const CHAIN_CACHE_MS = 30_000;

type Chain = Awaited<ReturnType<typeof repo.scopesUpFrom>>;

/**
 * Publishes the live `stats` topic. It follows what this node publishes for a tenant (a station's
 * map view changed — status, online state — or a recharge started or ended), and, debounced per
 * tenant, computes the figures of that tenant and of each ancestor (each api key sees its own
 * scope) and publishes them when they differ from what that api key last received from this node.
 */
export class StatsLivePublisher {
  private readonly pending = new Map<number, { timer: NodeJS.Timeout; firstAt: number }>();
  private readonly chains = new Map<number, { at: number; chain: Promise<Chain> }>();
  private readonly last = new Map<string, string>();
  private readonly running = new Set<Promise<void>>();
  /** One tenant's figures at a time (each is a few queries in a row on one connection). */
  private queue: Promise<void> = Promise.resolve();
  /** Per tenant: not computed again before this time (see `dutyCycle`). */
  private readonly restUntil = new Map<number, number>();
  private readonly dutyCycle: number;
  private unsubscribe: (() => void) | null = null;
  private closed = false;
  private readonly debounceMs: number;
  private readonly maxWaitMs: number;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly service: StatsService,
    private readonly live: LivePublisher,
    private readonly log: FastifyBaseLogger,
    opts: LiveStatsOptions = {},
  ) {
    this.debounceMs = opts.debounceMs ?? 1000;
    this.maxWaitMs = opts.maxWaitMs ?? 5000;
    this.dutyCycle = Math.min(1, Math.max(0.01, opts.dutyCycle ?? 0.1));
  }

  start(): void {
    this.unsubscribe = this.live.onTenantEvent((tenantPk, kind, data) => {
      if (kind === 'chargeBox' || (kind === 'notification' && STATS_EVENTS.has((data as Notification).type))) this.touch(tenantPk);
    });
  }

  /** A change at a station of this tenant: its figures and its ancestors' are due. */
  touch(tenantPk: number): void {
    if (this.closed) return;
    void this.chainOf(tenantPk)
      .then((chain) => {
        for (const link of chain) this.schedule(link.tenantPk);
      })
      .catch((err) => this.log.warn({ err }, 'stats: live schedule failed'));
  }

  /** Waits for what is under way (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }

  close(): void {
    this.closed = true;
    this.unsubscribe?.();
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
  }

  private chainOf(tenantPk: number): Promise<Chain> {
    const hit = this.chains.get(tenantPk);
    if (hit && Date.now() - hit.at < CHAIN_CACHE_MS) return hit.chain;
    const chain = repo.scopesUpFrom(this.db, tenantPk);
    chain.catch(() => this.chains.delete(tenantPk));
    this.chains.set(tenantPk, { at: Date.now(), chain });
    return chain;
  }

  private schedule(tenantPk: number) {
    if (this.closed) return;
    const now = Date.now();
    const firstAt = this.pending.get(tenantPk)?.firstAt ?? now;
    const rest = Math.max(0, (this.restUntil.get(tenantPk) ?? 0) - now);
    this.arm(tenantPk, Math.max(rest, Math.min(this.debounceMs, firstAt + this.maxWaitMs - now)), firstAt);
  }

  private arm(tenantPk: number, wait: number, firstAt: number) {
    const prior = this.pending.get(tenantPk);
    if (prior) clearTimeout(prior.timer);
    const timer = setTimeout(() => {
      this.pending.delete(tenantPk);
      const run = (this.queue = this.queue.then(() => this.timedFlush(tenantPk)));
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    }, wait);
    timer.unref?.();
    this.pending.set(tenantPk, { timer, firstAt });
  }

  /** Computes and publishes a tenant's figures unless it is resting (then tried again when the rest ends). */
  private async timedFlush(tenantPk: number) {
    if (this.closed) return;
    const rest = (this.restUntil.get(tenantPk) ?? 0) - Date.now();
    if (rest > 0) {
      if (!this.pending.has(tenantPk)) this.arm(tenantPk, rest, Date.now());
      return;
    }
    const started = Date.now();
    try {
      await this.flush(tenantPk);
    } catch (err) {
      this.log.warn({ err }, 'stats: live publish failed');
    }
    const took = Date.now() - started;
    this.restUntil.set(tenantPk, Date.now() + (took * (1 - this.dutyCycle)) / this.dutyCycle);
  }

  private async flush(tenantPk: number) {
    if (this.closed) return;
    const link = (await this.chainOf(tenantPk)).find((l) => l.tenantPk === tenantPk);
    if (!link || link.scope.length === 0) return;
    const stats = await this.service.live({ tenantPk: link.tenantPk, tenantPks: link.scope }, link.currency, link.country, link.grid);
    const key = JSON.stringify({ ...stats, at: undefined });
    if (this.last.get(link.apiKey) === key || this.closed) return;
    this.last.set(link.apiKey, key);
    this.live.stats(link.apiKey, stats);
  }
}
