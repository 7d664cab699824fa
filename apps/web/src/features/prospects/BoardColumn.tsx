import { useDroppable } from '@dnd-kit/core';
import { type BoardColumn as Column, formatMoney } from '@pd/contracts';
import { OpportunityCard } from './OpportunityCard.tsx';

/** A stage: its count, total and probability-weighted value (from the server) and its first 50 cards. */
export function BoardColumn({
  column,
  currency,
  onOpen,
}: {
  column: Column;
  currency: string;
  onOpen: (id: number) => void;
}) {
  const { stage } = column;
  const { setNodeRef, isOver } = useDroppable({ id: `stage-${stage.id}`, data: { stage } });
  const headingId = `stage-${stage.id}-heading`;
  return (
    <section
      ref={setNodeRef}
      className={`board-column board-column--${stage.kind}${isOver ? ' board-column--over' : ''}`}
      aria-labelledby={headingId}
      data-testid={`stage-${stage.name}`}
    >
      <header className="board-column__head">
        <h3 id={headingId}>{stage.name}</h3>
        <p className="board-column__totals" data-testid="stage-totals">
          <span>{column.count}</span> · <span>{formatMoney(column.valueCents, currency)}</span>
          <br />
          <span className="muted">weighted {formatMoney(column.weightedCents, currency)}</span>
        </p>
      </header>
      <ul className="board-column__cards">
        {column.cards.map((o) => (
          <OpportunityCard key={o.id} opportunity={o} currency={currency} onOpen={onOpen} />
        ))}
        {column.count === 0 && <li className="board-column__empty muted">No opportunities.</li>}
      </ul>
      {column.count > column.cards.length && (
        <p className="muted board-column__more">
          First {column.cards.length} of {column.count}: the list view shows them all.
        </p>
      )}
    </section>
  );
}
