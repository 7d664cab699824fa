import { type ClientListRow, ROW_ACTIONS, type RowAction } from '@pd/contracts';
import type { MenuItem } from 'primereact/menuitem';
import { SplitButton } from 'primereact/splitbutton';
import { invoicesHref } from '../../invoices/useInvoiceSearch.ts';

interface RowActionsProps {
  row: ClientListRow;
  actions: readonly RowAction[];
  onOpen: (tab: number, clientId: number) => void;
}

/** The per-row "Select" split button: the main part opens the first action, the arrow lists them all. */
export function RowActions({ row, actions, onOpen }: RowActionsProps) {
  const [firstAction] = actions;
  if (!firstAction) return null;
  const model: MenuItem[] = actions.map((action) => ({
    label: ROW_ACTIONS[action].label,
    command: () => onOpen(ROW_ACTIONS[action].tab, row.id),
  }));
  // The Invoices page restricted to this client (everyone reads invoices).
  model.push({ label: 'View Invoices', url: `#${invoicesHref(row.id)}` });
  return (
    <SplitButton
      label="Select"
      size="small"
      outlined
      className="row-actions"
      model={model}
      onClick={() => onOpen(ROW_ACTIONS[firstAction].tab, row.id)}
      buttonProps={{
        'aria-label': `Select ${row.name}`,
        title: `${ROW_ACTIONS[firstAction].label} ${row.name}`,
      }}
      menuButtonProps={{ 'aria-label': `Actions for ${row.name}` }}
    />
  );
}
