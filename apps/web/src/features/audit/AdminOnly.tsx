import { isAdministrator } from '@pd/contracts';
import type { ReactNode } from 'react';
import { useSession } from '../../app/auth/authContext.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';

interface AdminOnlyProps {
  title: string;
  what: string;
  children: ReactNode;
  /** A page open to more than administrators says who may see it and decides it (default: rights A). */
  allowed?: boolean;
  who?: string;
}

/** A page for administrators (rights A): anyone else is told plainly, and given the way home. */
export function AdminOnly({ title, what, children, allowed, who }: AdminOnlyProps) {
  const { user, home } = useSession();
  usePageTitle(title);
  if (allowed ?? isAdministrator(user)) return children;
  return (
    <section className="page page--narrow" aria-labelledby="page-heading">
      <h1 id="page-heading">{title}</h1>
      <div className="notice notice--error" role="alert" data-testid="not-allowed">
        <span className="pi pi-lock" aria-hidden="true" />
        <span>
          Not allowed: only {who ?? 'an administrator (rights A)'} can see {what}. Ask an administrator of
          your company if you need it.
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
