import { isAdministrator } from '@pd/contracts';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { TabPanel, TabView } from 'primereact/tabview';
import { useSearchParams } from 'react-router-dom';
import { useCompanyConfig } from '../../api/hooks.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import '../../styles/settings.css';
import { BillingPlansTab } from './tabs/BillingPlansTab.tsx';
import { BillingTab } from './tabs/BillingTab.tsx';
import { NoteTemplatesTab } from './tabs/NoteTemplatesTab.tsx';
import { ProcessesTab } from './tabs/ProcessesTab.tsx';
import { ProductsTab } from './tabs/ProductsTab.tsx';
import { SmsCreditTab } from './tabs/SmsCreditTab.tsx';

/** The tabs in order; `?tab=` in the address names the open one, so a reload keeps it. */
const TABS = ['products', 'billing-plans', 'note-templates', 'processes', 'sms-credit', 'billing'] as const;

/** Company set-up: everyone may read, rights A may change (the API enforces it too). */
export function SettingsPage() {
  usePageTitle('Settings');
  const { user, company } = useSession();
  const config = useCompanyConfig(company.id);
  const [params, setParams] = useSearchParams();
  const index = Math.max(0, TABS.indexOf(params.get('tab') as (typeof TABS)[number]));
  const currency = config.data?.currency;

  return (
    <section className="page settings-page" aria-labelledby="page-heading">
      <div className="page__header">
        <h1 id="page-heading">Settings</h1>
        <p className="page__lead">
          Products, billing plans, note templates, processes, SMS credit and billing runs of {company.name}.
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
          onTabChange={(e) => setParams({ tab: TABS[e.index] ?? TABS[0] }, { replace: true })}
          className="settings-tabs"
        >
          <TabPanel header="Products" leftIcon="pi pi-box">
            <ProductsTab currency={currency} />
          </TabPanel>
          <TabPanel header="Billing plans" leftIcon="pi pi-wallet">
            <BillingPlansTab currency={currency} />
          </TabPanel>
          <TabPanel header="Note templates" leftIcon="pi pi-file-edit">
            <NoteTemplatesTab />
          </TabPanel>
          <TabPanel header="Processes" leftIcon="pi pi-sitemap">
            <ProcessesTab />
          </TabPanel>
          <TabPanel header="SMS credit" leftIcon="pi pi-comments">
            <SmsCreditTab currency={currency} />
          </TabPanel>
          <TabPanel header="Billing" leftIcon="pi pi-receipt">
            <BillingTab currency={currency} />
          </TabPanel>
        </TabView>
      )}
      <ConfirmDialog />
    </section>
  );
}
