import { DUPLICATE_CLIENT_MESSAGES, ERROR_MESSAGES } from '@pd/contracts';
import { Button } from 'primereact/button';
import { useRef, useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { DuplicateClientNotice } from './DuplicateClientNotice.tsx';

/** The API's 409 DUPLICATE_CLIENT: the client repeats the ID number or e-mail of an existing one. */
const duplicateOf = (error: unknown) =>
  error instanceof ApiError && error.code === 'DUPLICATE_CLIENT' && error.existingId !== undefined
    ? { id: error.existingId, message: error.message }
    : undefined;

type Keys = { idNumber?: string | null; email?: string | null };

/** What makes a client a duplicate: "Create anyway" confirms only the values the API warned about. */
const keyOf = (payload: Keys) => `${payload.idNumber ?? ''}\n${payload.email?.toLowerCase() ?? ''}`;

/**
 * New client's answer to a duplicate (issue 13, point 3): after the API's 409 the form shows the existing
 * client (with a way to open it) and a "Create anyway" button, which sends the same values again with
 * confirmDuplicate. `formProps` go to ClientForm; `confirm` turns the payload into the one to send.
 */
export function useDuplicateClient() {
  const [duplicate, setDuplicate] = useState<{ id: number; message: string; key: string } | null>(null);
  const sentKey = useRef('');
  const createAnyway = useRef(false);

  function confirm<P extends Keys>(payload: P): P & { confirmDuplicate?: true } {
    sentKey.current = keyOf(payload);
    const confirmed = createAnyway.current && duplicate?.key === sentKey.current;
    createAnyway.current = false;
    return confirmed ? { ...payload, confirmDuplicate: true } : payload;
  }

  const formProps = {
    failure: (error: unknown) => duplicateOf(error)?.message ?? ERROR_MESSAGES.createClient,
    onFailure: (error: unknown) => {
      const found = duplicateOf(error);
      setDuplicate(found ? { ...found, key: sentKey.current } : null);
    },
    notice: duplicate && <DuplicateClientNotice clientId={duplicate.id} message={duplicate.message} />,
    actions: duplicate && (
      <Button
        type="submit"
        label={DUPLICATE_CLIENT_MESSAGES.createAnyway}
        icon="pi pi-copy"
        outlined
        onClick={() => {
          createAnyway.current = true;
        }}
      />
    ),
  };
  return { confirm, formProps };
}
