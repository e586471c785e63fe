import pg from 'pg';

const RECONNECT_DELAY_MS = 1_000;

/**
 * PostgreSQL's LISTEN/NOTIFY between the instances that share one database (PGlite has one process, so
 * it needs none). One connection sends and another listens. Sends go out in call order on their one
 * connection, each committed on its own, so every listener gets one sender's messages in the order sent.
 * A connection that drops is opened again after a second and listens again; what was sent in between is
 * lost, and the messages say enough for a listener to catch up at the next one.
 */
export class DatabaseChannels {
  private sender: pg.Client | null = null;
  private listener: pg.Client | null = null;
  private readonly handlers = new Map<string, (payload: string) => void>();
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  /** The latest notification sent, settled or not: the next one goes after it. */
  private lastSend: Promise<void> = Promise.resolve();

  private constructor(
    private readonly url: string,
    private readonly onError: (error: Error) => void,
  ) {}

  static async open(url: string, onError: (error: Error) => void): Promise<DatabaseChannels> {
    const channels = new DatabaseChannels(url, onError);
    await channels.connect();
    return channels;
  }

  async notify(channel: string, payload: string): Promise<void> {
    if (this.closed) return;
    const sender = this.sender;
    if (!sender) throw new Error('the channel connection is down');
    // One statement at a time on the connection, in call order: pg queues a query sent while another
    // runs only with a deprecation warning, and pg 9 will refuse it.
    const sent = this.lastSend.then(() => sender.query('SELECT pg_notify($1, $2)', [channel, payload]));
    this.lastSend = sent.then(
      () => undefined,
      () => undefined,
    );
    await sent;
  }

  async listen(channel: string, handler: (payload: string) => void): Promise<void> {
    this.handlers.set(channel, handler);
    await this.listener?.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const open = [this.sender, this.listener].filter((client): client is pg.Client => client !== null);
    await Promise.all(open.map((client) => client.end().catch(() => undefined)));
  }

  private async connect(): Promise<void> {
    // Named, so an operator can tell them in pg_stat_activity from the pool's connections.
    const sender = new pg.Client({ connectionString: this.url, application_name: 'house-channels-send' });
    const listener = new pg.Client({ connectionString: this.url, application_name: 'house-channels-listen' });
    for (const client of [sender, listener]) {
      // Without a listener an ended connection's 'error' would end the process; 'end' opens both again.
      client.on('error', (error) => this.onError(error));
      client.on('end', () => this.dropped(client));
    }
    listener.on('notification', ({ channel, payload }) => {
      if (payload === undefined) return;
      try {
        this.handlers.get(channel)?.(payload);
      } catch (error) {
        // A handler's throw here would be an uncaught exception in pg's event: the process would end.
        this.onError(error instanceof Error ? error : new Error(String(error)));
      }
    });
    try {
      await Promise.all([sender.connect(), listener.connect()]);
      // A notification is not stored state: its commit need not wait for the WAL flush, which at ten
      // ticks a second would be ten flushes a second, each holding up the messages behind it.
      await sender.query('SET synchronous_commit = off');
      for (const channel of this.handlers.keys()) await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await Promise.all([sender.end().catch(() => undefined), listener.end().catch(() => undefined)]);
      throw error;
    }
    if (this.closed) {
      await Promise.all([sender.end().catch(() => undefined), listener.end().catch(() => undefined)]);
      return;
    }
    this.sender = sender;
    this.listener = listener;
  }

  private dropped(client: pg.Client): void {
    if (this.closed || (client !== this.sender && client !== this.listener)) return;
    const others = [this.sender, this.listener].filter((other) => other && other !== client);
    this.sender = null;
    this.listener = null;
    for (const other of others) void other?.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().catch((error: unknown) => {
        this.onError(error instanceof Error ? error : new Error(String(error)));
        this.scheduleReconnect();
      });
    }, RECONNECT_DELAY_MS);
    this.reconnectTimer.unref();
  }
}
