import type { PGlite } from "@electric-sql/pglite";

// The real one, whatever a test's fake timers later put in its place: a faked turn would never come.
const nextTurn = setImmediate;

/** How long statements may run back to back in one turn of the event loop before the next one waits. */
export const PGLITE_SLICE_MS = 4;

/**
 * Lets the event loop turn between PGlite statements (decision 064).
 *
 * PGlite runs each statement on the server's own thread and hands its lock to the next waiting statement in a
 * microtask, so a chain of statements never lets the event loop turn: every job queue polling at once, or the
 * recurring jobs starting together, ran 15–25 statements back to back in one task and held every request in
 * flight for 130–260 ms (issue 39). Here, once statements have run for `sliceMs` in one turn of the loop, the
 * next statement waits for the next turn (`setImmediate`), so requests — and the guide, served from memory
 * without any statement — are answered in between. Statements of one transaction may be spread over turns too:
 * the transaction keeps its lock, and what needs no database runs meanwhile.
 *
 * Every statement passes through PGlite's `_runExclusiveQuery` (`query`, `exec`, a transaction's statements, and
 * the named statements of pglite-prepared.ts), which is wrapped here.
 */
export function yieldBetweenStatements(client: PGlite, sliceMs = PGLITE_SLICE_MS): void {
  const runExclusiveQuery = client._runExclusiveQuery.bind(client);
  /** When the first statement of this turn started; -1 once the loop has turned. */
  let turnStarted = -1;
  const turned = () => {
    turnStarted = -1;
  };
  const startTurn = () => {
    if (turnStarted >= 0) return;
    turnStarted = performance.now();
    nextTurn(turned);
  };
  client._runExclusiveQuery = async <T>(run: () => Promise<T>): Promise<T> => {
    startTurn();
    if (performance.now() - turnStarted > sliceMs) {
      await new Promise<void>((resolve) => nextTurn(resolve));
      startTurn();
    }
    return runExclusiveQuery(run);
  };
}
