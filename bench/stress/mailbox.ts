/**
 * A local SMTP server that counts what it is given, per recipient: the stress test's mail goes here, never to
 * an outside host. `delayMs` holds each message before accepting it, so a fault can land mid-delivery.
 */
import { SMTPServer } from 'smtp-server';

export interface CountingMailbox {
  /** Accepted messages per recipient address (every SMTP delivery). */
  counts: Map<string, number>;
  /** Distinct Message-IDs per recipient address (what a mailbox that merges resends shows). */
  messages: Map<string, Set<string>>;
  delayMs: number;
  close(): Promise<void>;
}

export async function startCountingMailbox(port: number, delayMs = 0): Promise<CountingMailbox> {
  const counts = new Map<string, number>();
  const messages = new Map<string, Set<string>>();
  const box: CountingMailbox = {
    counts,
    messages,
    delayMs,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let head = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        if (head.length < 8_192) head += chunk;
      });
      stream.on('end', () => {
        const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? `(none ${Math.random()})`;
        setTimeout(() => {
          for (const rcpt of session.envelope.rcptTo) {
            counts.set(rcpt.address, (counts.get(rcpt.address) ?? 0) + 1);
            messages.set(rcpt.address, (messages.get(rcpt.address) ?? new Set()).add(id));
          }
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
