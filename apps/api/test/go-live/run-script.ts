import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Starting a tsx process on a loaded machine can take tens of seconds: a generous bound, not a measured time. */
export const SCRIPT_TIMEOUT_MS = 180_000;

const root = path.resolve(import.meta.dirname, '../../../..');

/** Runs one of the api's entry points (server, setup) as the operator would, with only `env` (and PATH). */
export function runScript(script: string, args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), script, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: SCRIPT_TIMEOUT_MS - 5_000,
  });
}
