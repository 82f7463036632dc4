/**
 * How a service reaches the job runner without importing it: the runner binds a sender to the app's deps when it
 * is made (apps/api/src/jobs), and the service sends through the deps it already has. With no runner bound (a test
 * app, a script) or a runner not started yet (or stopping), a send does nothing: each such job also runs on a
 * schedule, which picks the work up later.
 */
export function boundQueue<T>() {
  const senders = new WeakMap<object, (data: T) => Promise<unknown>>();
  return {
    bind(deps: object, send: (data: T) => Promise<unknown>): void {
      senders.set(deps, send);
    },
    async send(deps: object, data: T): Promise<void> {
      const send = senders.get(deps);
      if (!send) return;
      try {
        await send(data);
      } catch {
        // Not started, or stopping: the job's schedule takes the work.
      }
    },
  };
}
