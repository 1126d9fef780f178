import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/** Resident memory and CPU time of a process and all its descendants, read from /proc (Linux). */
export interface ProcSample {
  at: number;
  pids: number[];
  rssBytes: number;
  /** user + system CPU time, seconds. */
  cpuSeconds: number;
}

let clockTicks: number | undefined;
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may contain spaces and parentheses: split after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The pid and every process below it (npm -> sh -> tsx -> node chains count as the server). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (!fields) continue;
    const ppid = Number(fields[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    out.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return out;
}

function rssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return kb ? Number(kb[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export function sampleProcess(pid: number): ProcSample {
  if (!statFields(pid)) throw new Error(`no process ${pid} (is it running on this machine?)`);
  const pids = processTree(pid);
  let rss = 0;
  let ticks = 0;
  for (const p of pids) {
    rss += rssBytes(p);
    const fields = statFields(p);
    if (fields) ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
  }
  return { at: performance.now(), pids, rssBytes: rss, cpuSeconds: ticks / ticksPerSecond() };
}

/** CPU use between two samples, in % of one core. */
export function cpuPercent(from: ProcSample, to: ProcSample): number {
  const seconds = (to.at - from.at) / 1000;
  return seconds > 0 ? ((to.cpuSeconds - from.cpuSeconds) / seconds) * 100 : Number.NaN;
}

/** The whole machine's CPU time from /proc/stat: busy and total jiffies over all cores. */
export interface MachineSample {
  busy: number;
  total: number;
  cores: number;
}

export function sampleMachine(): MachineSample {
  const lines = readFileSync('/proc/stat', 'utf8').split('\n');
  const all = lines[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already inside user)
  const idle = all[3]! + (all[4] ?? 0);
  const total = all.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total, cores: lines.filter((l) => /^cpu\d+ /.test(l)).length };
}

/** Share of the machine's cores busy between two samples, 0..100 % of all cores. */
export function machineBusyPercent(a: MachineSample, b: MachineSample): number {
  const total = b.total - a.total;
  return total > 0 ? ((b.busy - a.busy) / total) * 100 : Number.NaN;
}
