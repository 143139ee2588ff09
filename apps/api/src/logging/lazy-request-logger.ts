import type { FastifyBaseLogger } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
/** The server's logger is pino's, which also answers whether a level writes. */
type PinoLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger, made only when a line is written (issue 22, decision 0605). Fastify gives
 * every request a pino child carrying its id; at the server's usual level (warn in the benches,
 * info in production) most requests write nothing of their own, and building that child was
 * 3–5 µs and a few objects per request. Here the child is built at the first line its level lets
 * through, with the same bindings, so every line a request writes still carries its id; lines
 * below the level cost one check, as pino's own no-op does.
 */
class LazyRequestLogger {
  #child: PinoLogger | undefined;

  constructor(
    private readonly parent: PinoLogger,
    private readonly bindings: Bindings,
  ) {}

  get #logger(): PinoLogger {
    if (this.#child === undefined) this.#child = this.parent.child(this.bindings) as PinoLogger;
    return this.#child;
  }

  #write(level: Level, args: unknown[]): void {
    // A child made for an earlier line may have its own level (set through `level` below).
    const enabled = this.#child ? this.#child.isLevelEnabled(level) : this.parent.isLevelEnabled(level);
    if (enabled) (this.#logger[level] as (...a: unknown[]) => void)(...args);
  }

  // Methods on the prototype, as pino's are: nothing is made per request but the object itself.
  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#logger.level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.parent).isLevelEnabled(level);
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: the lazy logger above, or the logger's own child when the route
 * asks for its own level or serializers (none does today) or when logging is off (Fastify's
 * silent logger, which is its own child).
 */
export function lazyRequestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildOptions): FastifyBaseLogger {
  const pinoLike = typeof (logger as Partial<PinoLogger>).isLevelEnabled === 'function';
  if (!pinoLike || options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new LazyRequestLogger(logger as PinoLogger, bindings) as unknown as FastifyBaseLogger;
}
