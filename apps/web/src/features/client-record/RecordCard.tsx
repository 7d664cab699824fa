import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import type { ReactNode } from 'react';

/** One card of the record page's summary: a heading, then its figures, or a loading or failure state. */
export function RecordCard({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card
      title={<h2 className="card-title">{title}</h2>}
      className="home-card record-card"
      data-testid={testId}
    >
      {children}
    </Card>
  );
}

export function CardLoading({ text }: { text: string }) {
  return (
    <p role="status" className="muted">
      <span className="pi pi-spin pi-spinner" aria-hidden="true" /> {text}
    </p>
  );
}

export function CardProblem({ text, retry }: { text: string; retry: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <span>{text}</span>
      <Button type="button" label="Try again" size="small" text onClick={retry} />
    </div>
  );
}

/** A term and its value; an empty value says so instead of leaving a gap. */
export function Detail({ term, children }: { term: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <>
      <dt>{term}</dt>
      <dd>{empty ? <span className="muted">—</span> : children}</dd>
    </>
  );
}
