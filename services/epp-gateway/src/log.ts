// The gateway's log: one JSON line per EPP command and per session event. Only the fields named
// here are ever written — never a password, an auth code, a key or a whole XML document — so a
// caller cannot leak one by passing a bigger object. Whoever must log XML runs it through redact().

/** Where the lines go (one JSON document per call, no trailing newline). */
export type LogSink = (line: string) => void;

export interface CommandLogEntry {
  registry: string;
  /** The EPP command, e.g. "login", "domain:create", "poll". */
  command: string;
  clTRID?: string;
  svTRID?: string;
  /** The EPP result code; absent when no answer came (see `error`). */
  code?: number;
  ms: number;
  /** The session's number within its pool or process. */
  session?: number;
  /** The transport failure's kind when the command got no answer (EppTransportError.kind). */
  error?: string;
}

export type SessionEvent = "login" | "logout" | "closed";

export interface SessionLogEntry {
  registry: string;
  event: SessionEvent;
  session?: number;
  /** The EPP result code of the login or logout, when there was one. */
  code?: number;
  ms?: number;
  /** Why: a transport failure's kind, or the login's refusal ("login_refused"). */
  reason?: string;
}

export interface EppLogger {
  command(entry: CommandLogEntry): void;
  event(entry: SessionLogEntry): void;
}

const stdoutSink: LogSink = (line) => {
  process.stdout.write(`${line}\n`);
};

/** A logger writing to `sink` (default: stdout); `now` is for tests. */
export function createLogger(options: { sink?: LogSink; now?: () => Date } = {}): EppLogger {
  const sink = options.sink ?? stdoutSink;
  const now = options.now ?? (() => new Date());
  return {
    command(entry) {
      sink(
        JSON.stringify({
          t: now().toISOString(),
          registry: entry.registry,
          command: entry.command,
          clTRID: entry.clTRID,
          svTRID: entry.svTRID,
          code: entry.code,
          ms: Math.round(entry.ms),
          session: entry.session,
          error: entry.error,
        }),
      );
    },
    event(entry) {
      sink(
        JSON.stringify({
          t: now().toISOString(),
          registry: entry.registry,
          event: entry.event,
          session: entry.session,
          code: entry.code,
          ms: entry.ms === undefined ? undefined : Math.round(entry.ms),
          reason: entry.reason,
        }),
      );
    },
  };
}

/** A logger that drops everything (tests that do not look at the log). */
export const silentLogger: EppLogger = { command() {}, event() {} };

// <pw>, <newPW> (login) and any <…:authInfo> (domain/contact auth codes, with their <…:pw> or
// <…:ext> inside), with or without a namespace prefix, attributes, CDATA or a self-closing tag.
const SECRET_ELEMENTS = /<((?:[A-Za-z_][\w.-]*:)?(?:pw|newPW|authInfo))(\s[^>]*?)?(?<!\/)>[\s\S]*?<\/\1\s*>/g;

/** `xml` with the contents of every password and authInfo element replaced by "***". */
export function redact(xml: string): string {
  return xml.replace(SECRET_ELEMENTS, (_match, name: string, attributes: string | undefined) => {
    return `<${name}${attributes ?? ""}>***</${name}>`;
  });
}
