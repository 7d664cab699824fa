import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { clientsHref, LIST_TAB } from '../tabs.ts';

/** An honest note in place of a panel, always with the way back to the list. */
export function UnavailablePanel({
  title,
  icon,
  children,
}: {
  title: string;
  icon: string;
  children: ReactNode;
}) {
  return (
    <section className="clients-panel" aria-labelledby="panel-notice-heading">
      <h2 id="panel-notice-heading">{title}</h2>
      <div className="coming-soon">
        <span className={`${icon} coming-soon__icon`} aria-hidden="true" />
        <div>
          <p data-testid="panel-notice">{children}</p>
          <Link to={clientsHref(LIST_TAB)}>Back to the client list</Link>
        </div>
      </div>
    </section>
  );
}
