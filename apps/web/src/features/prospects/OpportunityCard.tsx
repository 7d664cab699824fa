import { useDraggable } from '@dnd-kit/core';
import { formatMoney, type Opportunity } from '@pd/contracts';
import { Link } from 'react-router-dom';
import { recordHref } from '../client-record/recordHref.ts';
import { OpenOpportunityButton } from './OpportunityDialog.tsx';

/** A card: the prospect's name, value, expected commission, probability and dates; the handle drags it. */
export function OpportunityCard({
  opportunity: o,
  currency,
  onOpen,
}: {
  opportunity: Opportunity;
  currency: string;
  /** Opens the opportunity's dialog (details, stage history, edit). */
  onOpen: (id: number) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `opportunity-${o.id}`,
    data: { opportunity: o },
  });
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`opportunity-card${isDragging ? ' opportunity-card--dragging' : ''}`}
      data-testid={`opportunity-${o.id}`}
    >
      <div className="opportunity-card__head">
        <OpenOpportunityButton title={o.title} onOpen={() => onOpen(o.id)} />
        <button
          type="button"
          className="opportunity-card__handle"
          aria-label={`Move ${o.title} (${o.clientName})`}
          {...attributes}
          {...listeners}
        >
          <i className="pi pi-arrows-alt" aria-hidden="true" />
        </button>
      </div>
      <Link to={recordHref(o.clientId)}>{o.clientName}</Link>
      {o.lifecycle === 'prospect' && <span className="opportunity-card__tag">Prospect</span>}
      <dl className="opportunity-card__facts">
        <dt>Value</dt>
        <dd>{formatMoney(o.valueCents, currency)}</dd>
        <dt>Commission</dt>
        <dd>{formatMoney(o.commissionCents, currency)}</dd>
        <dt>Probability</dt>
        <dd>{o.probability}%</dd>
        {o.expectedCloseDate && (
          <>
            <dt>Close</dt>
            <dd>{o.expectedCloseDate}</dd>
          </>
        )}
        {o.nextActionDate && (
          <>
            <dt>Next action</dt>
            <dd>{o.nextActionDate}</dd>
          </>
        )}
        {o.lostReason && (
          <>
            <dt>Lost</dt>
            <dd>{o.lostReason}</dd>
          </>
        )}
      </dl>
    </li>
  );
}
