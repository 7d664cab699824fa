import type { ClientRow } from '../clients/client.queries.ts';
import type { Candidate } from './intake-rows.ts';
import type { RowProblem } from './parse/map-record.ts';

export type Match =
  | { kind: 'new' }
  | { kind: 'existing'; client: ClientRow; matchedBy: 'idNumber' | 'email' }
  | { kind: 'rejected'; problems: RowProblem[] };

const key = (value: string | null | undefined) => (value ? value.trim().toLowerCase() : '');

function groupBy(rows: ClientRow[], pick: (row: ClientRow) => string | null) {
  const groups = new Map<string, ClientRow[]>();
  for (const row of rows) {
    const k = key(pick(row));
    if (k) groups.set(k, [...(groups.get(k) ?? []), row]);
  }
  return groups;
}

/**
 * The rule: a row whose SA ID number, or else e-mail, matches a live client of the company
 * updates that client. Anything that would make the choice a guess is rejected with the reason:
 * two clients with that ID number or e-mail, an e-mail whose client has another ID number, two rows
 * of the file for one person or one client.
 */
export class Matcher {
  private readonly byId: Map<string, ClientRow[]>;
  private readonly byEmail: Map<string, ClientRow[]>;
  private readonly seenId = new Map<string, number>();
  private readonly seenEmail = new Map<string, number>();
  private readonly seenClient = new Map<number, number>();

  constructor(existing: ClientRow[]) {
    this.byId = groupBy(existing, (c) => c.idNumber);
    this.byEmail = groupBy(existing, (c) => c.email);
  }

  match(candidate: Candidate): Match {
    const idNumber = key(candidate.client.idNumber);
    const email = key(candidate.client.email);
    const twice = this.repeated(candidate.row, idNumber, email);
    if (twice) return { kind: 'rejected', problems: [twice] };
    const found = this.find(idNumber, email);
    if (found.kind !== 'existing') return found;
    const earlier = this.seenClient.get(found.client.id);
    if (earlier !== undefined) {
      return {
        kind: 'rejected',
        problems: [{ field: 'row', message: `Row ${earlier} already updates client ${found.client.id}.` }],
      };
    }
    this.seenClient.set(found.client.id, candidate.row);
    return found;
  }

  private repeated(row: number, idNumber: string, email: string): RowProblem | null {
    const sameId = idNumber ? this.seenId.get(idNumber) : undefined;
    if (sameId !== undefined) return { field: 'idNumber', message: `Row ${sameId} has the same ID number.` };
    const sameEmail = email ? this.seenEmail.get(email) : undefined;
    if (sameEmail !== undefined) return { field: 'email', message: `Row ${sameEmail} has the same e-mail.` };
    if (idNumber) this.seenId.set(idNumber, row);
    if (email) this.seenEmail.set(email, row);
    return null;
  }

  private find(idNumber: string, email: string): Match {
    const byId = idNumber ? (this.byId.get(idNumber) ?? []) : [];
    if (byId.length > 1) return ambiguous('idNumber', 'ID number', byId);
    if (byId[0]) return { kind: 'existing', client: byId[0], matchedBy: 'idNumber' };
    const byEmail = email ? (this.byEmail.get(email) ?? []) : [];
    if (byEmail.length > 1) return ambiguous('email', 'e-mail', byEmail);
    const client = byEmail[0];
    if (!client) return { kind: 'new' };
    if (idNumber && client.idNumber && key(client.idNumber) !== idNumber) {
      return {
        kind: 'rejected',
        problems: [
          {
            field: 'email',
            message: `The e-mail belongs to client ${client.id}, whose ID number is different.`,
          },
        ],
      };
    }
    return { kind: 'existing', client, matchedBy: 'email' };
  }
}

function ambiguous(field: string, what: string, clients: ClientRow[]): Match {
  const ids = clients
    .map((c) => c.id)
    .sort((a, b) => a - b)
    .join(', ');
  return {
    kind: 'rejected',
    problems: [
      { field, message: `The ${what} matches ${clients.length} clients (${ids}); update them in the app.` },
    ],
  };
}
