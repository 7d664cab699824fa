import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@pd/contracts';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { clientsApi, type ListParams } from '../../../api/clients.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { useToast } from '../../../app/toast/toastContext.ts';

export const EXPORT_FILE_NAME = 'clients.csv';

function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; free the memory a moment later.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Export Clients (rights A only): every client matching the list's search and filters, as clients.csv. */
export function ExportButton({ listParams }: { listParams: ListParams }) {
  const { company } = useSession();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      saveFile(await clientsApi.exportCsv(company.id, listParams), EXPORT_FILE_NAME);
      toast.success(SUCCESS_MESSAGES.exportClients);
    } catch (error) {
      console.error('Exporting clients failed', error);
      toast.error(ERROR_MESSAGES.exportClients);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      label="Export Clients"
      icon="pi pi-download"
      outlined
      loading={busy}
      onClick={() => void run()}
    />
  );
}
