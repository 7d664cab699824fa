import { CLIENT_TABS, ROW_ACTIONS, type RowAction, rowActionsFor } from '@pd/contracts';
import { Button } from 'primereact/button';
import { useSession } from '../../app/auth/authContext.ts';
import { implementedActions } from '../clients/panels/registry.ts';
import { SECTION_OF_TAB } from './recordHref.ts';

const ICONS: Partial<Record<RowAction, string>> = {
  update: 'pi pi-pencil',
  updateAdvanced: 'pi pi-heart',
  delete: 'pi pi-trash',
  addNote: 'pi pi-file-edit',
  addProduct: 'pi pi-box',
  addTask: 'pi pi-check-square',
  createInvoice: 'pi pi-receipt',
  sendEmail: 'pi pi-envelope',
  sendSms: 'pi pi-comment',
  addAuditTrail: 'pi pi-history',
  createUnpaidNotice: 'pi pi-exclamation-circle',
};

/** The row menu's actions in groups; its View actions are the sections (tabs) below. */
const GROUPS: { label: string; actions: RowAction[] }[] = [
  { label: 'Client', actions: ['update', 'updateAdvanced', 'delete'] },
  { label: 'Records', actions: ['addNote', 'addTask', 'addProduct', 'addAuditTrail'] },
  { label: 'Billing', actions: ['createInvoice', 'createUnpaidNotice'] },
  { label: 'Messages', actions: ['sendEmail', 'sendSms'] },
];

/** The actions of the client list's row menu, as buttons; each opens its numbered panel. */
export function RecordActions({ name, onOpen }: { name: string; onOpen: (tab: number) => void }) {
  const { user, company } = useSession();
  // Everything the advanced view's menu offers the user (the record is the advanced view of one client).
  const allowed = implementedActions(
    rowActionsFor({
      companyType: company.type,
      roles: user.roles,
      enableInvoicing: user.enableInvoicing,
      view: 'advanced',
    }),
    company.type,
  ).filter((action) => SECTION_OF_TAB[ROW_ACTIONS[action].tab] === undefined);
  const button = (action: RowAction) => (
    <Button
      key={action}
      type="button"
      label={ROW_ACTIONS[action].label}
      icon={ICONS[action]}
      size="small"
      outlined
      severity={action === 'delete' ? 'danger' : undefined}
      aria-label={`${ROW_ACTIONS[action].label}: ${name}`}
      onClick={() => onOpen(ROW_ACTIONS[action].tab)}
    />
  );
  return (
    <div className="record-actions" data-testid="record-actions">
      {GROUPS.map((group) => {
        const actions = group.actions.filter((a) => allowed.includes(a));
        const statement = group.label === 'Billing';
        if (actions.length === 0 && !statement) return null;
        return (
          <fieldset key={group.label} className="record-actions__group">
            <legend className="sr-only">{group.label}</legend>
            {actions.map(button)}
            {/* Tab 12 has no row action in the spec's list; the record offers it beside the invoices. */}
            {statement && (
              <Button
                type="button"
                label="Send Statement"
                icon="pi pi-file-export"
                size="small"
                outlined
                aria-label={`Send Statement: ${name}`}
                onClick={() => onOpen(CLIENT_TABS.statement)}
              />
            )}
          </fieldset>
        );
      })}
    </div>
  );
}
