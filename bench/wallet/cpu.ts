// Where the CPU of a bench phase went, read from /proc: the whole machine, and groups of processes.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ; 100 on Linux). */
const TICKS = 100;

export interface CpuSnapshot {
  machineTotal: number;
  machineBusy: number;
  /** Ticks the hypervisor ran something else while a vCPU wanted to run (/proc/stat's steal). */
  machineSteal: number;
  /** CPU ticks (user and system time) of each process of each group. */
  groups: Map<string, Map<number, number>>;
}

function processTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // ended meanwhile
  }
}

/** The process ids named `command` on this machine (a PostgreSQL cluster's backends and workers). */
export function pidsNamed(command: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === command) pids.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}

const POSTGRES_WORKER = /^postgres: (checkpointer|background writer|walwriter|autovacuum|logical replication|archiver)/;

/**
 * PostgreSQL's processes on this machine, split into the backends that serve connections and the rest
 * (the postmaster, WAL writer, checkpointer, background writer, autovacuum).
 */
export function postgresPids(kind: 'backends' | 'workers'): number[] {
  return pidsNamed('postgres').filter((pid) => {
    let command: string;
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } catch {
      return false; // ended meanwhile
    }
    const isBackend = command.startsWith('postgres: ') && !POSTGRES_WORKER.test(command);
    return kind === 'backends' ? isBackend : !isBackend;
  });
}

/** CPU used so far; `groups` lists each group's processes, looked up now (backends come and go). */
export function cpuSnapshot(groups: Record<string, () => number[]>): CpuSnapshot {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const machineTotal = fields.reduce((sum, value) => sum + value, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  const ticks = new Map<string, Map<number, number>>();
  for (const [name, pids] of Object.entries(groups)) {
    ticks.set(name, new Map(pids().map((pid) => [pid, processTicks(pid)])));
  }
  return { machineTotal, machineBusy: machineTotal - idle, machineSteal: fields[7] ?? 0, groups: ticks };
}

/**
 * The machine's busy share in percent (steal included), the share the hypervisor took from the vCPUs,
 * and the cores each group used on average between two snapshots.
 * A process that started between them counts all its time (an autovacuum worker, say); one that ended is lost.
 */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot, seconds: number) {
  const cores: Record<string, number> = {};
  for (const [name, processes] of after.groups) {
    let used = 0;
    for (const [pid, ticks] of processes) used += ticks - (before.groups.get(name)?.get(pid) ?? 0);
    cores[name] = Number((used / TICKS / seconds).toFixed(2));
  }
  const total = Math.max(1, after.machineTotal - before.machineTotal);
  const busyPercent = Math.round(((after.machineBusy - before.machineBusy) / total) * 100);
  const stealPercent = Number((((after.machineSteal - before.machineSteal) / total) * 100).toFixed(1));
  return { busyPercent, stealPercent, cores };
}
