import { TabPanel, TabView } from 'primereact/tabview';
import type { ReactNode } from 'react';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { ClientAppointmentsPanel } from '../client-appointments/index.ts';
import { ClientProductsPanel } from '../client-products/index.ts';
import { ClientForms } from '../forms/ClientForms.tsx';
import { ClientAuditList } from '../messaging/ClientAuditList.tsx';
import { NotesPanel } from '../notes/index.ts';
import { ClientTasksPanel } from '../tasks/index.ts';
import { useTasksRefused } from '../tasks/taskLabels.tsx';
import { ClientInvoices } from './ClientInvoices.tsx';
import { ClientMessages } from './ClientMessages.tsx';
import { ClientRecalls } from './ClientRecalls.tsx';
import { ClientTimeline } from './ClientTimeline.tsx';
import type { RecordSection } from './recordHref.ts';

interface RecordSectionsProps {
  clientId: number;
  section: RecordSection;
  onSection: (section: RecordSection) => void;
  /** What the client list's views get: the way to the list, and to the panels (which come back here). */
  panelProps: Required<Pick<ClientPanelProps, 'onDone' | 'onCancel' | 'openPanel'>>;
}

interface SectionEntry {
  key: RecordSection;
  header: string;
  icon: string;
  content: () => ReactNode;
}

/**
 * The client's records as tabs: the list's views (tabs 7, 9, 11, 27), the invoices, messages and audit, and
 * the timeline of them all (issue 17, part 9).
 */
export function RecordSections({ clientId, section, onSection, panelProps }: RecordSectionsProps) {
  const tasksRefused = useTasksRefused();
  const props = { clientId, ...panelProps };
  const sections: SectionEntry[] = [
    {
      key: 'appointments',
      header: 'Appointments',
      icon: 'calendar',
      content: () => <ClientAppointmentsPanel {...props} />,
    },
    {
      key: 'recalls',
      header: 'Recalls',
      icon: 'replay',
      content: () => <ClientRecalls clientId={clientId} />,
    },
    { key: 'products', header: 'Products', icon: 'box', content: () => <ClientProductsPanel {...props} /> },
    { key: 'notes', header: 'Notes', icon: 'file-edit', content: () => <NotesPanel {...props} /> },
    ...(tasksRefused
      ? []
      : [
          {
            key: 'tasks' as const,
            header: 'Tasks',
            icon: 'check-square',
            content: () => <ClientTasksPanel {...props} />,
          },
        ]),
    {
      key: 'invoices',
      header: 'Invoices',
      icon: 'receipt',
      content: () => <ClientInvoices clientId={clientId} />,
    },
    {
      key: 'messages',
      header: 'Messages',
      icon: 'envelope',
      content: () => <ClientMessages clientId={clientId} />,
    },
    {
      key: 'forms',
      header: 'Forms',
      icon: 'file-edit',
      content: () => <ClientForms clientId={clientId} />,
    },
    {
      key: 'audit',
      header: 'Audit trail',
      icon: 'history',
      content: () => <ClientAuditList clientId={clientId} />,
    },
    {
      key: 'timeline',
      header: 'Timeline',
      icon: 'list',
      content: () => <ClientTimeline clientId={clientId} />,
    },
  ];
  const index = Math.max(
    0,
    sections.findIndex((s) => s.key === section),
  );
  return (
    <TabView
      activeIndex={index}
      onTabChange={(e) => onSection(sections[e.index]?.key ?? 'appointments')}
      className="record-sections"
      data-testid="record-sections"
    >
      {sections.map((s) => (
        <TabPanel key={s.key} header={s.header} leftIcon={`pi pi-${s.icon}`}>
          {s.content()}
        </TabPanel>
      ))}
    </TabView>
  );
}
