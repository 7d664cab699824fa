import { MODULE_TITLES } from '@pd/contracts';
import { useSession } from '../../app/auth/authContext.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { CompanyCard } from './CompanyCard.tsx';
import { HomeCharts } from './HomeCharts.tsx';
import { SummaryCard } from './SummaryCard.tsx';
import { UserCard } from './UserCard.tsx';

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
        <HomeCharts companyId={company.id} />
        <SummaryCard companyId={company.id} />
        <UserCard />
        <CompanyCard />
      </div>
    </section>
  );
}
