/**
 * Graceful shutdown on SIGTERM or SIGINT (decision 0038): the first signal runs `drain` (stop taking work,
 * finish what is running, close pools) and exits with the code it resolves to (0 normally); a second signal,
 * or the grace period running out, exits with 1 at once. `log` names what happens.
 */
export function onShutdownSignal(options: {
  graceMs: number;
  drain: (signal: string) => Promise<number>;
  log: (msg: string) => void;
  /** Default SIGTERM and SIGINT. */
  signals?: NodeJS.Signals[];
}): void {
  let draining = false;
  const handle = (signal: NodeJS.Signals) => {
    if (draining) {
      options.log(`${signal} received again: exiting now without waiting`);
      process.exit(1);
    }
    draining = true;
    options.log(`${signal} received: finishing in-flight work (at most ${Math.round(options.graceMs / 1000)} s; a second signal exits at once)`);
    const timer = setTimeout(() => {
      options.log(`still busy after ${Math.round(options.graceMs / 1000)} s: exiting anyway`);
      process.exit(1);
    }, options.graceMs);
    timer.unref();
    options.drain(signal).then(
      (code) => process.exit(code),
      (error: unknown) => {
        options.log(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  for (const signal of options.signals ?? ['SIGTERM', 'SIGINT']) process.on(signal, handle);
}
