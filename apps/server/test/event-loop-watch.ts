import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** Linux counts a thread's CPU time in clock ticks of 1/100 s (USER_HZ). */
const TICK_MS = 10;
const statFile = `/proc/self/task/${process.pid}/stat`;

/** CPU time this process's main thread has used (Linux); undefined elsewhere. */
function mainThreadCpuMs(): number | undefined {
  try {
    // After "pid (name) ", field 14 (utime) and 15 (stime) of proc(5) are at 11 and 12.
    const fields = readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

export interface LoopWatch {
  /** The longest wait between two turns of the event loop, in ms: what a request would have waited on top of its own time. */
  longestWaitMs: number;
  /**
   * The most CPU time this thread spent between two turns, in ms: the longest block of the work itself. On a busy
   * machine the thread also waits for a core, which lengthens the wait but not this (on Linux; elsewhere, the wait).
   */
  longestBlockMs: number;
}

/** Watches this process's event loop until `stop()` is called: a timer every 10 ms sees how long each turn took. */
export function watchEventLoop(): { stop(): LoopWatch } {
  const watch: LoopWatch = { longestWaitMs: 0, longestBlockMs: 0 };
  let wall = performance.now();
  let cpu = mainThreadCpuMs();
  const timer = setInterval(() => {
    const nowWall = performance.now();
    const nowCpu = mainThreadCpuMs();
    watch.longestWaitMs = Math.max(watch.longestWaitMs, nowWall - wall);
    const block = nowCpu !== undefined && cpu !== undefined ? nowCpu - cpu : nowWall - wall;
    watch.longestBlockMs = Math.max(watch.longestBlockMs, block);
    wall = nowWall;
    cpu = nowCpu;
  }, 10);
  return {
    stop() {
      clearInterval(timer);
      return watch;
    },
  };
}

/**
 * Between one /healthz answer and the next question: a steady stream of other requests, as users' would be. Asked
 * back to back instead, /healthz took the whole thread whenever the work waited on its database (13,000 answers and
 * 13 s of CPU in a 50,000-line roster commit), which the test paid for and measured nothing with.
 */
const HEALTHZ_GAP_MS = 20;

/**
 * Runs `work` while the server at `url` (in this process) is asked for /healthz again and again (the answers show it
 * kept answering), and measures the longest the event loop could not turn because of work in this thread (the CPU
 * time, so that a machine busy with other work does not count).
 */
export async function watchingTheServer<T>(url: string, work: () => Promise<T>) {
  let done = false;
  let healthzAnswers = 0;
  const poll = async () => {
    while (!done) {
      const answer = await fetch(`${url}/healthz`);
      await answer.arrayBuffer();
      if (answer.ok) healthzAnswers++;
      await new Promise((resolve) => setTimeout(resolve, HEALTHZ_GAP_MS));
    }
  };
  const loop = watchEventLoop();
  const polling = poll();
  const started = performance.now();
  try {
    const result = await work();
    return { result, ...loop.stop(), healthzAnswers, tookMs: performance.now() - started };
  } finally {
    done = true;
    loop.stop();
    await polling;
  }
}
