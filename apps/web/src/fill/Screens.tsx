import type { ReactNode } from 'react';

/** A whole-page message: the link refused, the thanks, the kiosk's hand-back, a failure with Try again. */
export function Screen({
  title,
  children,
  testId,
  tone = 'info',
}: {
  title: string;
  children?: ReactNode;
  testId: string;
  tone?: 'info' | 'done' | 'problem';
}) {
  return (
    <main className={`fill-screen fill-screen--${tone}`} data-testid={testId}>
      <h1 className="fill-screen__title" tabIndex={-1} ref={(h) => h?.focus()}>
        {title}
      </h1>
      {children}
    </main>
  );
}

export const Loading = () => (
  <main className="fill-screen" aria-busy="true" data-testid="fill-loading">
    <p role="status">Loading your form…</p>
  </main>
);
