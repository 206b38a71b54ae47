// The sessions to one registry: at most `maxSessions` (registries cap concurrent sessions per
// registrar and refuse, or bill, past it), opened when a caller needs one and kept for the next.
// Callers beyond the cap wait in line; a session the server ended is dropped and the next caller
// gets a fresh login.
import type { EppCommand } from "../types";
import { EppSession, EppTransportError, type SendResult, type SessionOptions } from "./session";

export interface PoolOptions extends Omit<SessionOptions, "id"> {
  /** The operator's cap on sessions open at once. */
  maxSessions: number;
  /** How long a caller waits for a free session before `timeout` (sent=false). Default 10 s. */
  waitMs?: number;
  /** Opens one session (tests hand in a fake). Default EppSession.open. */
  openSession?: (options: SessionOptions) => Promise<EppSession>;
}

export interface PoolStats {
  /** Successful logins since the pool was made. */
  logins: number;
  /** Commands answered, over every session the pool has had. */
  commands: number;
  /** Sessions open now. */
  open: number;
  /** Sessions lent to a caller now. */
  busy: number;
  /** Callers waiting for a session. */
  waiting: number;
}

interface Waiter {
  resolve: (session: EppSession) => void;
  reject: (error: unknown) => void;
  timer: NodeJS.Timeout;
}

export class EppPool {
  private readonly options: PoolOptions;
  private readonly openSession: (options: SessionOptions) => Promise<EppSession>;
  private readonly idle: EppSession[] = [];
  private readonly busy = new Set<EppSession>();
  private opening = 0;
  private readonly waiters: Waiter[] = [];
  private logins = 0;
  /** Commands of the sessions already dropped. */
  private retiredCommands = 0;
  private readonly all = new Set<EppSession>();
  private nextId = 1;
  private closing: Promise<void> | null = null;

  constructor(options: PoolOptions) {
    if (!Number.isInteger(options.maxSessions) || options.maxSessions < 1) {
      throw new RangeError("maxSessions must be a whole number of at least 1");
    }
    this.options = options;
    this.openSession = options.openSession ?? ((sessionOptions) => EppSession.open(sessionOptions));
  }

  /**
   * Lends a logged-in session to `fn` for its whole run (several commands in a row go on the same
   * session), then takes it back. Waits in line (FIFO) while all `maxSessions` are busy.
   */
  async use<T>(fn: (session: EppSession) => Promise<T>, options: { waitMs?: number } = {}): Promise<T> {
    const session = await this.acquire(options.waitMs ?? this.options.waitMs ?? 10_000);
    try {
      return await fn(session);
    } finally {
      this.release(session);
    }
  }

  /**
   * One command on any session. A command that could not even be written because its session had
   * just ended (sent=false) is tried once more on a fresh session; a sent one never is.
   */
  async send(cmd: EppCommand, clTRID?: string, options: { waitMs?: number } = {}): Promise<SendResult> {
    try {
      return await this.use((session) => session.send(cmd, clTRID), options);
    } catch (error) {
      if (error instanceof EppTransportError && error.kind === "closed" && !error.sent && !this.closing) {
        return this.use((session) => session.send(cmd, clTRID), options);
      }
      throw error;
    }
  }

  stats(): PoolStats {
    let live = 0;
    for (const session of this.all) live += session.commands;
    return {
      logins: this.logins,
      commands: this.retiredCommands + live,
      open: this.all.size,
      busy: this.busy.size,
      waiting: this.waiters.length,
    };
  }

  /** Refuses new callers, lets the lent sessions finish, and logs out of every session. */
  close(): Promise<void> {
    if (this.closing) return this.closing;
    for (const waiter of this.waiters.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.reject(new EppTransportError("closed", "the EPP pool is closing", { sent: false }));
    }
    this.closing = Promise.allSettled([...this.all].map((session) => session.close())).then(() => undefined);
    return this.closing;
  }

  private acquire(waitMs: number): Promise<EppSession> {
    if (this.closing) {
      return Promise.reject(new EppTransportError("closed", "the EPP pool is closed", { sent: false }));
    }
    const idle = this.takeIdle();
    if (idle) {
      this.busy.add(idle);
      return Promise.resolve(idle);
    }
    if (this.all.size + this.opening < this.options.maxSessions) return this.open();
    return new Promise<EppSession>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          const at = this.waiters.indexOf(waiter);
          if (at >= 0) this.waiters.splice(at, 1);
          reject(
            new EppTransportError("timeout", `no EPP session free within ${waitMs} ms`, {
              sent: false,
            }),
          );
        }, waitMs),
      };
      this.waiters.push(waiter);
    });
  }

  /** An idle session still alive, dropping the dead ones met on the way. */
  private takeIdle(): EppSession | undefined {
    for (;;) {
      const session = this.idle.pop();
      if (!session) return undefined;
      if (session.alive) return session;
      this.drop(session);
    }
  }

  /** Opens a session for the caller that asked (counted against the cap while it logs in). */
  private async open(): Promise<EppSession> {
    this.opening += 1;
    let session: EppSession;
    try {
      session = await this.openSession({ ...this.options, id: this.nextId++ });
    } catch (error) {
      this.opening -= 1;
      // The slot is free again: a waiter may open its own (and meet the same failure, honestly).
      this.dispatch();
      throw error;
    }
    this.opening -= 1;
    this.logins += 1;
    this.all.add(session);
    this.busy.add(session);
    // A session the server ends while idle leaves the pool at once, so stats() and the cap see it.
    void session.closed.then(() => {
      if (!this.busy.has(session)) {
        const at = this.idle.indexOf(session);
        if (at >= 0) this.idle.splice(at, 1);
        this.drop(session);
        this.dispatch();
      }
    });
    if (this.closing) {
      // Closed while this one logged in: hand it back closed.
      this.busy.delete(session);
      void session.close();
      throw new EppTransportError("closed", "the EPP pool is closed", { sent: false });
    }
    return session;
  }

  private release(session: EppSession): void {
    this.busy.delete(session);
    if (session.alive && !this.closing) this.idle.push(session);
    else if (!session.alive) this.drop(session);
    this.dispatch();
  }

  private drop(session: EppSession): void {
    if (!this.all.delete(session)) return;
    this.retiredCommands += session.commands;
    // Dead already in the usual case; this also closes a socket a failed session left half-open.
    void session.close();
  }

  /** Serves the waiters in order: an idle session, else a new one while under the cap. */
  private dispatch(): void {
    while (this.waiters.length > 0 && !this.closing) {
      const idle = this.takeIdle();
      if (idle) {
        const waiter = this.waiters.shift();
        if (!waiter) return;
        clearTimeout(waiter.timer);
        this.busy.add(idle);
        waiter.resolve(idle);
        continue;
      }
      if (this.all.size + this.opening >= this.options.maxSessions) return;
      const waiter = this.waiters.shift();
      if (!waiter) return;
      clearTimeout(waiter.timer);
      this.open().then(waiter.resolve, waiter.reject);
    }
  }
}
