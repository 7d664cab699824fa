import { useClient } from '../api/clients.ts';

/** The panel title with the client's name once it is known. */
export function useTitleWithClient(title: string, clientId: number | undefined): string {
  const client = useClient(clientId);
  return client.data ? `${title}: ${client.data.name}` : title;
}
