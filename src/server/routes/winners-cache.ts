import type { FastifyBaseLogger } from 'fastify';
import { cachedBody, type CachedBody } from '../http/cached-body';
import type { Storage } from '../db';
import { API_HEADERS } from '../http/security-headers';
import { getMeta, listDrawWinners, listInstantWinners, WINNERS_VERSION_KEY } from '../db/winners';
import { formatIsoDate, warsawCalendarDate } from '#shared/warsaw-time.ts';

// Browsers and proxies keep a copy but ask again each time; an unchanged list costs a 304.
const LIST_HEADERS = { ...API_HEADERS, 'cache-control': 'public, no-cache' };

/** One list, serialised and compressed once per data version: every visitor reads it (docs/decisions/landing.md#winners-lists). */
const cacheBody = (value: unknown) =>
  cachedBody(JSON.stringify(value), 'application/json; charset=utf-8', LIST_HEADERS);

export interface WinnersLists {
  publishWinners: CachedBody;
  winnersList: CachedBody;
}

/**
 * The winners lists in memory. Imports run in the operator's process, so the cache polls the data version
 * that every import bumps (app_meta) and rebuilds when it moved: new winners show within one poll period.
 * Instant winners are published up to the campaign clock's day (Warsaw), never of a day still to come
 * (docs/decisions/landing.md#published-by-campaign-day): the lists are rebuilt when that day changes too.
 */
export class WinnersCache {
  private lists: WinnersLists | undefined;
  private version: string | undefined;
  private today: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;

  constructor(
    private readonly storage: Storage,
    private readonly log: FastifyBaseLogger,
    /** The campaign clock (CAMPAIGN_NOW or real time). */
    private readonly now: () => number,
  ) {}

  get current(): WinnersLists {
    if (!this.lists) throw new Error('winners cache not loaded');
    return this.lists;
  }

  /** Reloads when the data version changed (or nothing is loaded yet); concurrent calls share one reload. */
  refresh(): Promise<void> {
    this.refreshing ??= this.reload().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async reload() {
    const version = (await getMeta(this.storage.db, WINNERS_VERSION_KEY)) ?? '';
    const today = formatIsoDate(warsawCalendarDate(this.now()));
    if (this.lists && version === this.version && today === this.today) return;
    const [instant, drawn] = await Promise.all([
      listInstantWinners(this.storage.db),
      listDrawWinners(this.storage.db),
    ]);
    this.lists = {
      publishWinners: await cacheBody({
        data: instant
          .filter((row) => row.date <= today)
          .map((row) => ({
            date: row.date,
            code: row.code,
            award: row.award,
            userPublish: row.user_publish,
          })),
      }),
      winnersList: await cacheBody(
        drawn.map((row) => ({
          drawName: row.draw_name,
          price: row.price,
          priceRank: row.price_rank,
          code: row.code,
          name: row.name,
          testimonialId: row.testimonial_id,
        })),
      ),
    };
    this.version = version;
    this.today = today;
    this.log.info({ instant: instant.length, draws: drawn.length, today }, 'winners lists loaded');
  }

  start(intervalMs: number) {
    this.timer = setInterval(() => {
      this.refresh().catch((error: unknown) => {
        // Keep serving the last good lists; the next poll tries again.
        this.log.error({ error: { name: (error as Error).name } }, 'winners lists reload failed');
      });
    }, intervalMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }
}
