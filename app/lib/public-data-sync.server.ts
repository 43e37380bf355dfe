import { randomUUID } from "node:crypto";
import pg from "pg";
import { clearLocalPublicData, setInvalidationBroadcast } from "./cache.server";
import type { Logger } from "./logger.server";

// Several app servers on one PostgreSQL database (DESIGN §1) each cache public data and pages. A change made
// through one server must show on all of them at once, not after the caches' minute: invalidatePublicData()
// sends a NOTIFY on CHANNEL, and every server LISTENs on its own connection and clears its caches when another
// server announces a change. While the listening connection is down a server cannot hear changes, so it clears
// its caches when it reconnects.

export const PUBLIC_DATA_CHANNEL = "public_data_changed";
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

export interface PublicDataSync {
  /** This server's id in the notifications (its own are ignored). */
  serverId: string;
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

export function startPublicDataSync(options: {
  databaseUrl: string;
  /** Sends the notifications; the app's pool. */
  pool: pg.Pool;
  logger: Pick<Logger, "info" | "warn">;
}): PublicDataSync {
  const { databaseUrl, pool, logger } = options;
  const serverId = randomUUID();
  let client: pg.Client | undefined;
  let stopped = false;
  let retryDelay = RECONNECT_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  setInvalidationBroadcast(() => {
    // Sent after the change committed (callers invalidate after their transaction). A failed send is logged:
    // the others then see the change when their minute runs out.
    pool.query("select pg_notify($1, $2)", [PUBLIC_DATA_CHANNEL, serverId]).catch((error: unknown) => {
      logger.warn({ err: error }, "could not tell other servers of a change to public data");
    });
  });

  const scheduleReconnect = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, RECONNECT_MAX_MS);
  };

  async function connect(): Promise<void> {
    const listener = new pg.Client({ connectionString: databaseUrl });
    client = listener;
    listener.on("notification", (message) => {
      if (message.channel === PUBLIC_DATA_CHANNEL && message.payload !== serverId) clearLocalPublicData();
    });
    listener.on("error", (error) => {
      logger.warn({ err: error }, "lost the connection that hears other servers' changes; reconnecting");
      listener.end().catch(() => {});
      if (client === listener) client = undefined;
      scheduleReconnect();
    });
    try {
      await listener.connect();
      await listener.query(`listen ${PUBLIC_DATA_CHANNEL}`);
      if (stopped) {
        await listener.end();
        return;
      }
      // Whatever changed while nobody was listening is not in the caches any more.
      clearLocalPublicData();
      retryDelay = RECONNECT_MIN_MS;
      markReady();
    } catch (error) {
      logger.warn({ err: error }, "cannot listen for other servers' changes; retrying");
      listener.end().catch(() => {});
      if (client === listener) client = undefined;
      scheduleReconnect();
    }
  }

  void connect();

  return {
    serverId,
    ready,
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      setInvalidationBroadcast(undefined);
      await client?.end().catch(() => {});
    },
  };
}
