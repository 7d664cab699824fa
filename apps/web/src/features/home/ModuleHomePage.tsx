import { MODULE_TITLES } from '@pd/contracts';
import { lazy, Suspense } from 'react';
import { useSession } from '../../app/auth/authContext.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { CompanyCard } from './CompanyCard.tsx';
import { SummaryCard } from './SummaryCard.tsx';
import { UserCard } from './UserCard.tsx';

/**
 * The charts come with their own script: the home is part of the first bundle (the one the sign-in page
 * loads), and the charts must not make it bigger (issue 19, part 7).
 */
const HomeCharts = lazy(async () => ({ default: (await import('./HomeCharts.tsx')).HomeCharts }));

/** The overview a user lands on after signing in; the title follows their module (spec section 2). */
export function ModuleHomePage() {
  const { home, user, company } = useSession();
  const title = MODULE_TITLES[home];
  usePageTitle(title);
  return (
    <section className="page" aria-labelledby="page-heading">
      <div className="page__header">
        <h1 id="page-heading">{title}</h1>
        <p className="page__lead">
          Welcome, {user.displayName}. Here is how {company.name} stands today.
        </p>
      </div>
      <div className="home-grid">
        <Suspense
          fallback={
            <p role="status" className="muted home-card--wide">
              Loading the charts. Please wait.
            </p>
          }
        >
          <HomeCharts companyId={company.id} />
        </Suspense>
        <SummaryCard companyId={company.id} />
        <UserCard />
        <CompanyCard />
      </div>
    </section>
  );
}
