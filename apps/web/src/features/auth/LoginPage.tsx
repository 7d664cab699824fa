import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../../app/auth/authContext.ts';
import { returnPath } from '../../app/auth/returnTo.ts';
import { LoadingScreen } from '../../app/LoadingScreen.tsx';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { LoginForm } from './LoginForm.tsx';

const NOTICES = {
  expired: 'Your session has ended. Please sign in again.',
  signedOut: 'You have signed out.',
} as const;

export function LoginPage() {
  usePageTitle('Sign in');
  const { state, signIn } = useAuth();
  const navigate = useNavigate();
  // The page asked for before signing in (a deep link, an ended session); otherwise the module home.
  const back = returnPath(useLocation().state);

  if (state.status === 'checking') return <LoadingScreen />;
  if (state.status === 'signedIn') return <Navigate to={back ?? `/${state.session.home}`} replace />;
  const notice = state.reason === 'none' ? null : NOTICES[state.reason];

  return (
    <main className="login-screen">
      <div className="login-card">
        <div className="login-card__brand">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <span>Practice Desk</span>
        </div>
        <h1 className="login-card__title">Sign in</h1>
        <p className="login-card__lead">
          Use the username and password your practice administrator gave you.
        </p>
        {notice && (
          <p className="notice notice--info" role="status">
            <span className="pi pi-info-circle" aria-hidden="true" /> {notice}
          </p>
        )}
        <LoginForm
          onSubmit={async ({ username, password }) => {
            const session = await signIn(username, password);
            navigate(back ?? `/${session.home}`, { replace: true });
          }}
        />
      </div>
      <p className="login-screen__footer">Practice Desk · client management for practices and advisers</p>
    </main>
  );
}
