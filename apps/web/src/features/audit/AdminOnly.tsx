import { isAdministrator } from '@pd/contracts';
import type { ReactNode } from 'react';
import { useSession } from '../../app/auth/authContext.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';

/** A page for administrators (rights A): anyone else is told plainly, and given the way home. */
export function AdminOnly({ title, what, children }: { title: string; what: string; children: ReactNode }) {
  const { user, home } = useSession();
  usePageTitle(title);
  if (isAdministrator(user)) return children;
  return (
    <section className="page page--narrow" aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      <div className="notice notice--error" role="alert" data-testid="not-allowed">
        <span className="pi pi-lock" aria-hidden="true" />
        <span>
          Not allowed: only an administrator (rights A) can see {what}. Ask an administrator of your company
          if you need it.
        </span>
      </div>
      <p>
        <a className="p-button p-component p-button-sm no-underline" href={`#/${home}`}>
          <span className="pi pi-home p-button-icon-left" aria-hidden="true" />
          <span className="p-button-label">Go to home</span>
        </a>
      </p>
    </section>
  );
}
