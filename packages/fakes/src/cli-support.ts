// What every fake's command line shares: reading --port, printing the URL, and closing on SIGINT/SIGTERM.

/** The --port value as a port number, or exits with status 2 and a message. */
export function portOption(value: string | undefined): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error(`--port must be a port number, not "${value}"`);
    process.exit(2);
  }
  return port;
}

/** Prints the running fake's URL and closes it (then exits) on SIGINT or SIGTERM. */
export function serveUntilStopped(fake: { url: string; close(): Promise<void> }) {
  console.log(fake.url);
  const stop = () => {
    fake.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
