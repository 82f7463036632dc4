/**
 * A local SMTP server that counts what it is given, per recipient: the stress test's mail goes here, never to
 * an outside host. `delayMs` holds each message before accepting it, so a fault can land mid-delivery.
 */
import { SMTPServer } from 'smtp-server';

export interface CountingMailbox {
  /** Accepted messages per recipient address. */
  counts: Map<string, number>;
  delayMs: number;
  close(): Promise<void>;
}

export async function startCountingMailbox(port: number, delayMs = 0): Promise<CountingMailbox> {
  const counts = new Map<string, number>();
  const box: CountingMailbox = {
    counts,
    delayMs,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        setTimeout(() => {
          for (const rcpt of session.envelope.rcptTo) counts.set(rcpt.address, (counts.get(rcpt.address) ?? 0) + 1);
          callback();
        }, box.delayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return box;
}
