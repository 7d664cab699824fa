import { isAdministrator } from '@pd/contracts';
import { confirmDialog } from 'primereact/confirmdialog';
import { useRef, useState } from 'react';
import { type CatalogueResource, useCatalogueList, useCatalogueMutations } from '../../api/settings.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { useToast } from '../../app/toast/toastContext.ts';
import { failureMessage } from '../../lib/forms/serverErrors.ts';

/** Which form is open: none, a new item, or an existing one. */
export type Editing<Item> = { item: Item | null } | null;

/**
 * Everything a set-up tab needs: the list, who may change it, the open form, and Delete with a
 * confirmation that defaults to No (spec section 4).
 */
export function useCatalogue<Item extends { id: number }, Input>(
  resource: CatalogueResource<Item, Input>,
  noun: string,
  itemName: (item: Item) => string,
  /** The toast after a delete, when the catalogue has one; else `Deleted ${noun} "${name}".` */
  deletedMessage?: string,
) {
  const { user, company } = useSession();
  const toast = useToast();
  const list = useCatalogueList(resource, company.id);
  const { save, remove } = useCatalogueMutations(resource, company.id);
  const [editing, setEditing] = useState<Editing<Item>>(null);
  // The dialog unmounts on close; focus goes back to the button that opened it.
  const opener = useRef<HTMLElement | null>(null);
  const open = (next: Editing<Item>) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEditing(next);
  };
  const close = () => {
    setEditing(null);
    requestAnimationFrame(() => {
      if (opener.current?.isConnected) opener.current.focus();
    });
  };

  const askDelete = (item: Item) => {
    const name = itemName(item);
    confirmDialog({
      header: `Delete ${noun}`,
      message: `Delete the ${noun} "${name}"? This cannot be undone.`,
      icon: 'pi pi-exclamation-triangle',
      defaultFocus: 'reject',
      acceptLabel: 'Yes',
      rejectLabel: 'No',
      acceptClassName: 'p-button-danger',
      accept: () => {
        remove.mutate(item.id, {
          onSuccess: () => toast.success(deletedMessage ?? `Deleted ${noun} "${name}".`),
          onError: (error) => toast.error(failureMessage(error)),
        });
      },
    });
  };

  return {
    editing,
    close,
    /** Create when id is null, else update; resolves with the saved item or throws ApiError. */
    save: (id: number | null, input: Input) => save.mutateAsync({ id, input }),
    tableProps: {
      items: list.data,
      loading: list.isPending,
      failed: list.isError,
      onRetry: () => void list.refetch(),
      canChange: isAdministrator(user),
      itemName,
      onAdd: () => open({ item: null }),
      onEdit: (item: Item) => open({ item }),
      onDelete: askDelete,
    },
  };
}
