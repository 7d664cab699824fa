import { ProgressSpinner } from 'primereact/progressspinner';

/** Shown while the session is being checked, before anything of a user is rendered. */
export function LoadingScreen({ message = 'Checking your session…' }: { message?: string }) {
  return (
    <main className="loading-screen" aria-busy="true">
      <div role="status" className="loading-screen__box">
        <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="4" aria-hidden="true" />
        <p>{message}</p>
      </div>
    </main>
  );
}
