import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Submission {
  to: string;
  body: string;
  encoding: string;
  userSuppliedId: string;
  deduplicationId: string | null;
  authorization: string | undefined;
}

/** How the stub treats one submission. */
export type SmsBehaviour =
  | 'accept'
  | 'failed-status' // 201, but the message's status is FAILED (e.g. no route)
  | { status: number; title: string; detail?: string } // an error answer, as BulkSMS words them
  | 'hang' // the message is created, the answer never comes
  | 'hang-unrecorded' // the request never gets through (nothing created), no answer either
  | { delayMs: number }; // a slow provider: the request gets through (and is answered) only after a while

/** A message a handset sent to the account (a reply), as the stub lists it. */
export interface Received {
  id: string;
  from: string;
  body: string;
  relatedSentMessageId: string | null;
  date: string;
}

export const STUB_CREDENTIALS = 'token-id:token-secret';

/** A local HTTP server speaking the BulkSMS JSON REST API v1 (the subset the adapter uses). */
export async function startBulkSmsStub() {
  const submissions: Submission[] = [];
  /** Messages the "provider" created: what would reach handsets. */
  const accepted: (Submission & { id: string })[] = [];
  const byDeduplicationId = new Map<string, unknown>();
  const sockets = new Set<Socket>();
  let behaviour: (s: Submission, n: number) => SmsBehaviour = () => 'accept';
  let nextId = 1000;
  const received: Received[] = [];
  /** Requests for received messages (the reply poller's reads). */
  const inboxReads: string[] = [];

  const problem = (res: ServerResponse, status: number, title: string, detail?: string) => {
    res.writeHead(status, { 'content-type': 'application/problem+json' });
    res.end(
      JSON.stringify({
        type: `https://developer.bulksms.com/json/v1/errors#${title}`,
        title,
        status,
        detail,
      }),
    );
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stub');
    if (req.headers.authorization !== `Basic ${Buffer.from(STUB_CREDENTIALS).toString('base64')}`) {
      return problem(res, 401, 'Unauthorized', 'Bad credentials');
    }
    if (req.method === 'GET' && url.pathname === '/v1/messages') {
      const filter = url.searchParams.get('filter') ?? '';
      if (filter.split('&').includes('type=RECEIVED')) return listReceived(url, res);
      const ref = /^userSuppliedId=(.+)$/.exec(filter)?.[1];
      const found = accepted
        .filter((m) => m.userSuppliedId === ref)
        .map((m) => ({ ...message(m), type: 'SENT' }));
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(found));
    }
    if (req.method !== 'POST' || url.pathname !== '/v1/messages') return problem(res, 404, 'Not Found');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const [entry] = JSON.parse(Buffer.concat(chunks).toString()) as Omit<Submission, 'deduplicationId'>[];
    if (!entry) return problem(res, 400, 'Bad Request', 'No message');
    const deduplicationId = url.searchParams.get('deduplication-id');
    const submission = { ...entry, deduplicationId, authorization: req.headers.authorization };
    submissions.push(submission);
    // A repeat within the deduplication window is answered like the first and creates nothing.
    const earlier = deduplicationId ? byDeduplicationId.get(deduplicationId) : undefined;
    if (earlier) {
      res.writeHead(201, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(earlier));
    }
    let b = behaviour(submission, submissions.length);
    if (typeof b === 'object' && 'delayMs' in b) {
      await new Promise((resolve) => setTimeout(resolve, (b as { delayMs: number }).delayMs));
      b = 'accept';
    }
    if (b === 'hang-unrecorded') return; // the socket stays open until close()
    if (typeof b === 'object') return problem(res, b.status, b.title, b.detail);
    const created = { ...submission, id: String(nextId++) };
    if (b !== 'failed-status') accepted.push(created);
    const body = [
      {
        ...message(created),
        status:
          b === 'failed-status'
            ? { id: 'FAILED.NOT_SENT', type: 'FAILED' }
            : { id: 'ACCEPTED.null', type: 'ACCEPTED' },
      },
    ];
    if (deduplicationId && b !== 'failed-status') byDeduplicationId.set(deduplicationId, body);
    if (b === 'hang') return;
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  /** GET /messages?filter=type=RECEIVED[&id>N]&sortOrder=ASCENDING&limit=N, as BulkSMS filters them. */
  function listReceived(url: URL, res: ServerResponse) {
    const filter = url.searchParams.get('filter') ?? '';
    inboxReads.push(filter);
    const after = /(?:^|&)id>(\d+)/.exec(filter)?.[1];
    const ascending = url.searchParams.get('sortOrder') === 'ASCENDING';
    const limit = Number(url.searchParams.get('limit') ?? 1000);
    const list = received
      .filter((m) => after === undefined || BigInt(m.id) > BigInt(after))
      .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    if (!ascending) list.reverse();
    const body = list.slice(0, limit).map((m) => ({
      id: m.id,
      type: 'RECEIVED',
      from: m.from,
      to: '+27000000000',
      body: m.body,
      encoding: 'TEXT',
      submission: { id: `2-${m.id}`, date: m.date },
      status: { id: 'RECEIVED.UNREAD', type: 'RECEIVED', subtype: 'UNREAD' },
      relatedSentMessageId: m.relatedSentMessageId,
    }));
    res.writeHead(200, { 'content-type': 'application/json' });
    // Ids as JSON numbers, as BulkSMS may write them: the adapter must not round 64-bit ones.
    res.end(JSON.stringify(body).replace(/"(id|relatedSentMessageId)":"(\d+)"/g, '"$1":$2'));
  }

  const message = (m: Submission & { id: string }) => ({
    id: m.id,
    type: 'SENT',
    to: m.to,
    body: m.body,
    encoding: m.encoding,
    userSuppliedId: m.userSuppliedId,
    status: { id: 'ACCEPTED.null', type: 'ACCEPTED' },
  });

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => problem(res, 500, 'Internal Server Error', error.message));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    submissions,
    accepted,
    setBehaviour(fn: (s: Submission, n: number) => SmsBehaviour) {
      behaviour = fn;
    },
    received,
    inboxReads,
    /**
     * A handset sends the account an SMS: `relatedSentMessageId` is the provider's id of the sent message it
     * answers (BulkSMS links a reply to the last REPLIABLE message sent to that number). Answers the
     * provider's id of the received message.
     */
    receive(from: string, body: string, relatedSentMessageId: string | null = null) {
      // 64-bit ids, past what a JavaScript number holds exactly.
      const id = String(1_674_813_649_253_834_752n + BigInt(received.length + 1));
      received.push({
        id,
        from,
        body,
        relatedSentMessageId,
        date: new Date().toISOString(),
      });
      return id;
    },
    /** How many messages the provider created for our message id. */
    createdFor: (messageId: number) => accepted.filter((m) => m.userSuppliedId === `pd-${messageId}`).length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
export type BulkSmsStub = Awaited<ReturnType<typeof startBulkSmsStub>>;
