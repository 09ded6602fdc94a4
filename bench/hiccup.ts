// The machine's own stalls: one thread per core spins and records every gap over 1 ms between two readings of
// the clock. On a quiet dedicated machine there are almost none; on a shared virtual machine the host takes
// the CPU away for milliseconds at a time, invisibly to the guest (no steal time is reported here). A request
// in flight during such a gap waits for it, so the gaps bound what a p99 at 16 connections can show.
// `npx tsx bench/hiccup.ts` (BENCH_SECONDS, default 10); bench/throughput.ts prints the same line beside its table.
import { execFile } from "node:child_process";

const SPIN = `
const end = performance.now() + Number(process.argv[1]) * 1000;
let last = performance.now();
const gaps = [];
for (;;) {
  const now = performance.now();
  if (now - last > 1) gaps.push(now - last);
  last = now;
  if (now > end) break;
}
console.log(JSON.stringify(gaps));
`;

export interface Hiccups {
  core: number;
  seconds: number;
  gaps: number;
  stalledMs: number;
  largestMs: number[];
}

/** Spins one thread on each of `cores` at once for `seconds`, and gives each core's gaps over 1 ms. */
export async function measureHiccups(seconds: number, cores = [0, 1]): Promise<Hiccups[]> {
  const runs = cores.map(
    (core) =>
      new Promise<Hiccups>((resolve, reject) => {
        execFile("taskset", ["-c", String(core), process.execPath, "-e", SPIN, String(seconds)], (error, out) => {
          if (error) return reject(error);
          const gaps = (JSON.parse(out) as number[]).sort((a, b) => b - a);
          resolve({
            core,
            seconds,
            gaps: gaps.length,
            stalledMs: gaps.reduce((sum, g) => sum + g, 0),
            largestMs: gaps.slice(0, 3),
          });
        });
      }),
  );
  return Promise.all(runs);
}

export const describeHiccups = (all: Hiccups[]) =>
  all
    .map(
      (h) =>
        `core ${h.core}: ${h.gaps} gaps over 1 ms in ${h.seconds} s, ${Math.round(h.stalledMs)} ms in all, largest ${h.largestMs.map((g) => g.toFixed(1)).join(", ")} ms`,
    )
    .join("; ");

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  console.log(`The machine at rest, a spinning thread per core: ${describeHiccups(await measureHiccups(seconds))}`);
}
