import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  messageId: string | null;
  raw: string;
}

/** What the stub answers for a recipient: accept, refuse (reply code) or never answer the data. */
export type MailBehaviour = 'accept' | { reply: number } | 'hang';

/** A real SMTP server on loopback (smtp-server): what nodemailer talks to in the tests. */
export async function startSmtpStub() {
  const received: ReceivedMail[] = [];
  let behaviour: (to: string) => MailBehaviour = () => 'accept';
  const hanging: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const b = behaviour(address.address);
      if (typeof b === 'object') {
        const error = Object.assign(new Error(`Refused ${address.address}`), { responseCode: b.reply });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString();
        const to = session.envelope.rcptTo.map((r) => r.address);
        received.push({ to, messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? null, raw });
        if (to.some((t) => behaviour(t) === 'hang')) {
          hanging.push(() => callback());
          return; // the message is here, the client never hears so
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    setBehaviour(fn: (to: string) => MailBehaviour) {
      behaviour = fn;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpStub = Awaited<ReturnType<typeof startSmtpStub>>;
