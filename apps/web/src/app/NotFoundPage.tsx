import { useSession } from './auth/authContext.ts';
import { usePageTitle } from './usePageTitle.ts';

export function NotFoundPage() {
  usePageTitle('Page not found');
  const { home } = useSession();
  return (
    <section className="page page--narrow" aria-labelledby="page-heading">
      <h1 id="page-heading">Page not found</h1>
      <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        <a className="p-button p-component p-button-sm no-underline" href={`#/${home}`}>
          <span className="pi pi-home p-button-icon-left" aria-hidden="true" />
          <span className="p-button-label">Go to home</span>
        </a>
      </p>
    </section>
  );
}
