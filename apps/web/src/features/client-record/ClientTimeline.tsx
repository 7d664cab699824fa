import { formatDateTimeIn, menuEntriesFor, TIMELINE_KIND_LABELS, type TimelineKind } from '@pd/contracts';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useClientTimeline } from '../../api/clientRecord.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { EmptyRow } from '../../components/EmptyRow.tsx';
import { useTimeZone } from '../../lib/company.ts';
import { LoadProblem } from '../reminders/ListControls.tsx';
import { entryHref, KIND_LOOK, kindsFor, statusWords, toggleKind } from './timelineKinds.ts';

export const LOADING_TIMELINE = 'Loading the timeline…';
export const NO_TIMELINE = 'Nothing on the timeline yet.';
export const NONE_OF_KINDS = 'Nothing of the chosen kinds.';

/** The kind chips: pressed ones are shown; none pressed shows every kind. */
function KindChips({
  chosen,
  onChange,
}: {
  chosen: TimelineKind[];
  onChange: (kinds: TimelineKind[]) => void;
}) {
  const { variant } = useSession();
  const kinds = kindsFor(menuEntriesFor(variant).some((entry) => entry.route === '/commonProspects'));
  return (
    <fieldset className="timeline-chips" aria-label="Show only">
      <Button
        type="button"
        label="All"
        size="small"
        rounded
        outlined={chosen.length > 0}
        aria-pressed={chosen.length === 0}
        onClick={() => onChange([])}
      />
      {kinds.map((kind) => (
        <Button
          key={kind}
          type="button"
          label={TIMELINE_KIND_LABELS[kind]}
          icon={`pi pi-${KIND_LOOK[kind].icon}`}
          size="small"
          rounded
          outlined={!chosen.includes(kind)}
          aria-pressed={chosen.includes(kind)}
          onClick={() => onChange(toggleKind(chosen, kind))}
        />
      ))}
    </fieldset>
  );
}

/** Issue 17, part 9: the client's notes, calls, messages, invoices, appointments and audit entries, newest first. */
export function ClientTimeline({ clientId }: { clientId: number }) {
  const [kinds, setKinds] = useState<TimelineKind[]>([]);
  const timeline = useClientTimeline(clientId, kinds);
  const timeZone = useTimeZone();
  const entries = timeline.data?.pages.flatMap((p) => p.entries) ?? [];
  const failed = timeline.isError && entries.length === 0;
  return (
    <section className="record-section" aria-labelledby="record-timeline-heading">
      <div className="record-section__header">
        <h2 id="record-timeline-heading">Timeline</h2>
      </div>
      <KindChips chosen={kinds} onChange={setKinds} />
      <LoadProblem failed={timeline.isError} what="The timeline" onRetry={() => void timeline.refetch()} />
      {entries.length === 0 ? (
        <p className="muted">
          <EmptyRow
            pending={timeline.isPending}
            failed={failed}
            loading={LOADING_TIMELINE}
            empty={kinds.length > 0 ? NONE_OF_KINDS : NO_TIMELINE}
            testId="timeline-empty"
          />
        </p>
      ) : (
        <ol className="timeline" aria-label="Timeline" data-testid="timeline">
          {entries.map((entry) => (
            <li
              key={`${entry.kind}-${entry.id}`}
              className={`timeline__entry timeline__entry--${entry.kind}`}
            >
              <i className={`pi pi-${KIND_LOOK[entry.kind].icon} timeline__icon`} aria-hidden="true" />
              <div className="timeline__body">
                <p className="timeline__head">
                  <span className="timeline__kind">{KIND_LOOK[entry.kind].label}</span>{' '}
                  <Link to={entryHref(clientId, entry)} className="timeline__title">
                    {entry.title}
                  </Link>
                  {entry.status && <span className="muted"> ({statusWords(entry)})</span>}
                </p>
                {entry.summary && <p className="timeline__summary">{entry.summary}</p>}
                <p className="muted timeline__meta">
                  <time dateTime={entry.at}>{formatDateTimeIn(entry.at, timeZone)}</time>
                  {entry.who && ` · ${entry.who}`}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
      {timeline.hasNextPage && (
        <Button
          type="button"
          label="Load more"
          icon="pi pi-angle-down"
          outlined
          loading={timeline.isFetchingNextPage}
          onClick={() => void timeline.fetchNextPage()}
        />
      )}
    </section>
  );
}
