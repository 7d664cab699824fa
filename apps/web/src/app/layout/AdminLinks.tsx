import '../../styles/messaging.css';

const LINKS = [
  { route: '/audit', label: 'Audit trail', icon: 'pi pi-history' },
  { route: '/outbox', label: 'Outbox', icon: 'pi pi-send' },
  { route: '/reports', label: 'Reports', icon: 'pi pi-chart-bar' },
];

/** The company-wide audit trail, the message outbox and the reports, shown to administrators (rights A). */
export function AdminLinks({ pathname }: { pathname: string }) {
  return (
    <div className="admin-links">
      {LINKS.map(({ route, label, icon }) => (
        <a
          key={route}
          href={`#${route}`}
          className="p-button p-button-outlined p-button-sm no-underline"
          aria-current={pathname === route ? 'page' : undefined}
        >
          <span className={`p-button-icon p-button-icon-left ${icon}`} aria-hidden="true" />
          <span className="p-button-label">{label}</span>
        </a>
      ))}
    </div>
  );
}
