// What the capacity bench reads from /proc: CPU time by thread of the server (and of its worker processes), CPU time
// of PostgreSQL's backends, resident memory, the load average. Linux only; elsewhere the figures read as zero.
import { readdir, readFile } from 'node:fs/promises';

/** Clock ticks a second (`getconf CLK_TCK`): 100 on every Linux the portal runs on. */
const TICKS = 100;

const read = (path: string) => readFile(path, 'utf8').catch(() => '');

/** utime + stime in ticks, and the name, of one /proc/<pid>/stat or /proc/<pid>/task/<tid>/stat. */
async function cpuOf(path: string): Promise<{ name: string; ticks: number } | undefined> {
  const stat = await read(path);
  const close = stat.lastIndexOf(')');
  if (close < 0) return undefined;
  const fields = stat.slice(close + 2).split(' ');
  // Fields after the name start at field 3 (state); utime and stime are fields 14 and 15.
  return { name: stat.slice(stat.indexOf('(') + 1, close), ticks: Number(fields[11]) + Number(fields[12]) };
}

export const childrenOf = async (pid: number) =>
  (await read(`/proc/${pid}/task/${pid}/children`)).split(/\s+/).filter(Boolean).map(Number);

/** CPU ticks by thread of `pid` and its child processes, keyed `name` (the main thread of each process: `event loop`). */
export async function threadTicks(pid: number): Promise<Map<string, number>> {
  const byName = new Map<string, number>();
  const processes = [pid, ...(await childrenOf(pid))];
  for (const [index, process] of processes.entries()) {
    const tasks = await readdir(`/proc/${process}/task`).catch(() => [] as string[]);
    for (const tid of tasks) {
      const cpu = await cpuOf(`/proc/${process}/task/${tid}/stat`);
      if (!cpu) continue;
      const owner = index === 0 ? '' : 'worker process ';
      // Node names its worker threads `node` too: the embedded database's thread is the busy one of them.
      const name = `${owner}${Number(tid) === process ? 'event loop' : cpu.name === 'node' ? 'worker thread' : cpu.name}`;
      byName.set(name, (byName.get(name) ?? 0) + cpu.ticks);
    }
  }
  return byName;
}

/** CPU ticks of each of these processes (PostgreSQL's backends serving the bench) that is still running. */
export async function processTicks(pids: number[]): Promise<Map<number, number>> {
  const ticks = new Map<number, number>();
  for (const pid of pids) {
    const cpu = await cpuOf(`/proc/${pid}/stat`);
    if (cpu) ticks.set(pid, cpu.ticks);
  }
  return ticks;
}

/** Ticks the processes running at both readings used between them (a backend that ended meanwhile is left out). */
export const ticksBetween = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ticks]) => sum + (before.has(pid) ? ticks - before.get(pid)! : 0), 0);

/** Percent of one core each thread used between two readings `seconds` apart, busiest first, those over 2 %. */
export function threadShares(before: Map<string, number>, after: Map<string, number>, seconds: number): string {
  const shares = [...after].map(
    ([name, ticks]) => [name, ((ticks - (before.get(name) ?? 0)) / TICKS / seconds) * 100] as const,
  );
  return shares
    .filter(([, percent]) => percent >= 2)
    .sort((a, b) => b[1] - a[1])
    .map(([name, percent]) => `${name} ${percent.toFixed(0)} %`)
    .join(', ');
}

export const percentOfCore = (ticks: number, seconds: number) => (ticks / TICKS / seconds) * 100;

/** Resident memory of `pid` and its child processes, in MB. */
export async function residentMb(pid: number): Promise<number> {
  let kb = 0;
  for (const one of [pid, ...(await childrenOf(pid))])
    kb += Number(/VmRSS:\s+(\d+)/.exec(await read(`/proc/${one}/status`))?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export const loadAverage = async () => (await read('/proc/loadavg')).split(' ').slice(0, 3).join(' ');
