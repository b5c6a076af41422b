/**
 * Whether this process is shutting down. From the moment it starts draining (SIGTERM) it answers not
 * ready, so that a load balancer stops sending it requests while it finishes those it has.
 */
export function drainState() {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    start() {
      draining = true;
    },
  };
}

export type DrainState = ReturnType<typeof drainState>;
