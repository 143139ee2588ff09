import { describe, expect, it } from 'vitest';
import { limitConcurrency } from './drawn-picture.js';

/** A task that runs until its test lets it finish. */
function heldTask(log: string[], name: string) {
  let finish!: (ok: boolean) => void;
  const task = () =>
    new Promise<string>((resolve, reject) => {
      log.push(`start ${name}`);
      finish = (ok) => (ok ? resolve(name) : reject(new Error(name)));
    });
  return { task, finish: (ok = true) => finish(ok) };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('drawings run two at a time (decision 0627)', () => {
  it('starts the others in order as slots free up, a failed one freeing its slot too', async () => {
    const log: string[] = [];
    const run = limitConcurrency(2);
    const tasks = ['a', 'b', 'c', 'd'].map((name) => heldTask(log, name));
    const results = tasks.map(({ task }) => run(task).catch((error: Error) => `failed ${error.message}`));
    await turn();
    expect(log).toEqual(['start a', 'start b']);

    tasks[1]?.finish(false);
    await turn();
    expect(log).toEqual(['start a', 'start b', 'start c']);

    tasks[0]?.finish();
    await turn();
    expect(log).toEqual(['start a', 'start b', 'start c', 'start d']);
    tasks[2]?.finish();
    tasks[3]?.finish();
    expect(await Promise.all(results)).toEqual(['a', 'failed b', 'c', 'd']);
  });
});
