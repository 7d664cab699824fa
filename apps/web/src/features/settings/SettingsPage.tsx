import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { TabPanel, TabView } from 'primereact/tabview';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCompanyConfig } from '../../api/hooks.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import '../../styles/settings.css';
import { isAdministrator, menuEntriesFor } from '@pd/contracts';
import { FormsTab } from './forms/FormsTab.tsx';
import { BillingPlansTab } from './tabs/BillingPlansTab.tsx';
import { BillingTab } from './tabs/BillingTab.tsx';
import { CompanyTab } from './tabs/CompanyTab.tsx';
import { AppointmentTypesTab } from './tabs/diary/AppointmentTypesTab.tsx';
import { CalendarFeedTab } from './tabs/diary/CalendarFeedTab.tsx';
import { ExceptionsTab } from './tabs/diary/ExceptionsTab.tsx';
import { PractitionersTab } from './tabs/diary/PractitionersTab.tsx';
import { RoomsTab } from './tabs/diary/RoomsTab.tsx';
import { NoteTemplatesTab } from './tabs/NoteTemplatesTab.tsx';
import { ProcessesTab } from './tabs/ProcessesTab.tsx';
import { ProductsTab } from './tabs/ProductsTab.tsx';
import { PipelinesTab } from './tabs/prospects/PipelinesTab.tsx';
import { RecallTypesTab } from './tabs/reminders/RecallTypesTab.tsx';
import { ReminderRulesTab } from './tabs/reminders/ReminderRulesTab.tsx';
import { ReminderTemplatesTab } from './tabs/reminders/ReminderTemplatesTab.tsx';
import { SmsCreditTab } from './tabs/SmsCreditTab.tsx';

interface SettingsTab {
  key: string;
  header: string;
  icon: string;
  content: (currency: string) => ReactNode;
  /** The menu area the tab belongs to: shown only to users whose menu has it. */
  area?: string;
}

/** The tabs in order; `?tab=` in the address names the open one (its key), so a reload keeps it. */
const ALL_TABS: SettingsTab[] = [
  { key: 'products', header: 'Products', icon: 'box', content: (c) => <ProductsTab currency={c} /> },
  {
    key: 'billing-plans',
    header: 'Billing plans',
    icon: 'wallet',
    content: (c) => <BillingPlansTab currency={c} />,
  },
  { key: 'note-templates', header: 'Note templates', icon: 'file-edit', content: () => <NoteTemplatesTab /> },
  { key: 'processes', header: 'Processes', icon: 'sitemap', content: () => <ProcessesTab /> },
  { key: 'forms', header: 'Forms', icon: 'file-check', content: () => <FormsTab /> },
  {
    key: 'sms-credit',
    header: 'SMS credit',
    icon: 'comments',
    content: (c) => <SmsCreditTab currency={c} />,
  },
  { key: 'billing', header: 'Billing', icon: 'receipt', content: (c) => <BillingTab currency={c} /> },
  { key: 'practitioners', header: 'Practitioners', icon: 'users', content: () => <PractitionersTab /> },
  { key: 'availability', header: 'Availability', icon: 'calendar-times', content: () => <ExceptionsTab /> },
  { key: 'rooms', header: 'Rooms', icon: 'building', content: () => <RoomsTab /> },
  {
    key: 'appointment-types',
    header: 'Appointment types',
    icon: 'calendar-plus',
    content: (c) => <AppointmentTypesTab currency={c} />,
  },
  {
    key: 'reminder-templates',
    header: 'Reminder templates',
    icon: 'comment',
    content: () => <ReminderTemplatesTab />,
  },
  { key: 'reminder-rules', header: 'Reminder rules', icon: 'bell', content: () => <ReminderRulesTab /> },
  { key: 'recall-types', header: 'Recall types', icon: 'replay', content: () => <RecallTypesTab /> },
  {
    key: 'pipelines',
    header: 'Pipelines',
    icon: 'filter',
    content: () => <PipelinesTab />,
    area: '/commonProspects',
  },
  { key: 'company', header: 'Company', icon: 'briefcase', content: () => <CompanyTab /> },
  { key: 'calendar-feed', header: 'My calendar feed', icon: 'link', content: () => <CalendarFeedTab /> },
];

/** Company set-up: everyone may read, rights A may change (the API enforces it too). */
export function SettingsPage() {
  usePageTitle('Settings');
  const { user, company, variant } = useSession();
  const config = useCompanyConfig(company.id);
  const areas = menuEntriesFor(variant).map((entry) => entry.route);
  const TABS = ALL_TABS.filter((tab) => tab.area === undefined || areas.includes(tab.area));
  const [params, setParams] = useSearchParams();
  const index = Math.max(
    0,
    TABS.findIndex((t) => t.key === params.get('tab')),
  );
  const currency = config.data?.currency;

  return (
    <section className="page settings-page" aria-labelledby="page-heading">
      <div className="page__header">
        <h1 id="page-heading">Settings</h1>
        <p className="page__lead">
          Products, billing plans, note templates, processes, the forms clients fill in online, SMS credit,
          billing runs and the diary&rsquo;s practitioners, availability, rooms and appointment types of{' '}
          {company.name}; reminder templates and rules;{' '}
          {areas.includes('/commonProspects') && 'its sales pipelines; '}
          its configuration; and your own calendar feed.
        </p>
      </div>
      {!isAdministrator(user) && (
        <p className="notice notice--info" data-testid="settings-read-only">
          <span className="pi pi-lock" aria-hidden="true" />
          Only an administrator can change these.
        </p>
      )}
      {config.isError && (
        <div className="notice notice--error" role="alert">
          <span>The company settings could not be loaded.</span>
          <Button type="button" label="Try again" size="small" text onClick={() => void config.refetch()} />
        </div>
      )}
      {config.isPending && (
        <p role="status" className="muted">
          Loading settings. Please wait.
        </p>
      )}
      {currency && (
        <TabView
          activeIndex={index}
          onTabChange={(e) => setParams({ tab: TABS[e.index]?.key ?? 'products' }, { replace: true })}
          className="settings-tabs"
        >
          {TABS.map((tab) => (
            <TabPanel key={tab.key} header={tab.header} leftIcon={`pi pi-${tab.icon}`}>
              {tab.content(currency)}
            </TabPanel>
          ))}
        </TabView>
      )}
      <ConfirmDialog />
    </section>
  );
}
