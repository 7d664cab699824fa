import type { SeriesScope } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import type { DiaryMove } from './DiaryCalendar.tsx';
import { describeTimes, wallClockOfFloating } from './diaryTime.ts';
import { SeriesScopeChoice } from './SeriesScopeChoice.tsx';

interface MoveSeriesDialogProps {
  move: DiaryMove;
  /** The column it was dropped in, when that is another practitioner's or room's. */
  column: string | undefined;
  onMove: (scope: SeriesScope) => void;
  onCancel: () => void;
}

/** A dragged occurrence of a series: which occurrences move with it, or none (Cancel puts it back). */
export function MoveSeriesDialog({ move, column, onMove, onCancel }: MoveSeriesDialogProps) {
  const [scope, setScope] = useState<SeriesScope>('this');
  const a = move.appointment;
  const [start, end] = [wallClockOfFloating(move.start), wallClockOfFloating(move.end)];
  // The same day (the usual drag): only the new times.
  const to =
    start.slice(0, 10) === a.startLocal.slice(0, 10)
      ? `${start.slice(11)}–${end.slice(11)}`
      : describeTimes(start, end);
  return (
    <Dialog
      visible
      header="Move an appointment of a series"
      onHide={onCancel}
      className="diary-dialog"
      style={{ width: 'min(36rem, 96vw)' }}
      data-testid="move-series-dialog"
      blockScroll
    >
      <p className="diary-move__what">
        {a.clientName}, {a.typeName}: from {describeTimes(a.startLocal, a.endLocal)} to {to}
        {column ? ` with ${column}` : ''}.
      </p>
      <SeriesScopeChoice
        legend="Part of a series: the move applies to"
        value={scope}
        onChange={setScope}
        name="move-scope"
        testId="move-scope"
      />
      {scope !== 'this' && (
        <p className="diary-move__hint">
          The other occurrences move by as many days as this one, to the same time, with its length.
        </p>
      )}
      <div className="diary-clash__actions">
        <Button type="button" label="Move" icon="pi pi-check" onClick={() => onMove(scope)} />
        <Button type="button" label="Cancel" outlined onClick={onCancel} />
      </div>
    </Dialog>
  );
}
