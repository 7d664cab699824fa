import { menuEntriesFor } from '@pd/contracts';
import { usePageTitle } from '../../app/usePageTitle.ts';

/** An honest placeholder for a menu area that is not built yet; it names the area and nothing more. */
export function ComingSoonPage({ route }: { route: string }) {
  const area = menuEntriesFor('business').find((entry) => entry.route === route)?.label ?? 'This area';
  usePageTitle(area);
  return (
    <section className="page page--narrow" aria-labelledby="page-heading">
      <h1 id="page-heading">{area}</h1>
      <div className="coming-soon">
        <span className="pi pi-wrench coming-soon__icon" aria-hidden="true" />
        <p data-testid="coming-soon">{area} — coming soon. This area is being built.</p>
      </div>
    </section>
  );
}
