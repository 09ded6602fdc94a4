/**
 * `pending`'s result if it settles within `maxWaitMs` (all of it when maxWaitMs is undefined), else null; the work
 * goes on, and when it ends later with a result `onLate` is called (decision 059: the guide that did not wait for
 * a translation is purged when the translation arrives, so its next request shows it).
 */
export async function waitAtMost<T>(
  pending: Promise<T | null>,
  maxWaitMs: number | undefined,
  onLate?: () => void,
): Promise<T | null> {
  if (maxWaitMs === undefined) return pending;
  let timedOut = false;
  const result = await Promise.race([
    pending,
    new Promise<null>((resolve) =>
      setTimeout(() => {
        timedOut = true;
        resolve(null);
      }, maxWaitMs).unref(),
    ),
  ]);
  if (timedOut && onLate)
    pending.then(
      (late) => {
        if (late !== null) onLate();
      },
      () => undefined,
    );
  return result;
}
