import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * The real server (`src/server.ts` through tsx) as a child process, for the tests that kill it,
 * stop it gracefully or take its database away. Its output is kept, so a test can wait for a
 * line (the fault-pause marker) and a failure shows what the server said.
 */

const API_DIR = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** stdout + stderr so far. */
  output(): string;
  /** Resolves when the output contains `text` (rejects after `timeoutMs` or if the process ends first). */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL (no cleanup at all, like a power cut or the OOM killer) and wait for the end. */
  kill(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * Starts the server with `env` (on top of a minimal environment: no DATABASE_URL or secrets leak
 * in from the test process) and waits until /readyz answers 200.
 */
export async function startServer(
  env: Record<string, string>,
  { readyTimeoutMs = 150_000, script = 'src/server.ts', readyText }: { readyTimeoutMs?: number; script?: string; readyText?: string } = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      TZ: 'UTC',
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      OUTBOX_WORKER: '0',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiters) check();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let ended = false;
  void exited.then(() => {
    ended = true;
    for (const check of waiters) check();
  });

  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    port,
    child,
    output: () => output,
    exited,
    waitFor(text, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`server did not print '${text}' within ${timeoutMs} ms; output:\n${output}`));
        }, timeoutMs);
        const check = () => {
          if (output.includes(text)) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve();
          } else if (ended) {
            clearTimeout(timer);
            waiters.delete(check);
            reject(new Error(`server ended before printing '${text}'; output:\n${output}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
    async kill() {
      if (!ended) child.kill('SIGKILL');
      await exited;
    },
  };

  // A process without HTTP (the outbox worker) says when it is ready.
  if (readyText) {
    await server.waitFor(readyText, readyTimeoutMs);
    return server;
  }
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (ended) throw new Error(`server exited during start-up; output:\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(`server not ready within ${readyTimeoutMs} ms; output:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A JSON request to a running server. */
export async function call(
  server: { url: string },
  method: string,
  url: string,
  options: { token?: string; body?: unknown; form?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${server.url}${url}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed, headers: res.headers };
}
