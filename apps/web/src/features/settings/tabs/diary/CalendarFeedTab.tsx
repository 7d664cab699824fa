import './diary.css';
import { APPOINTMENT_MESSAGES, DIARY_SETTINGS_MESSAGES as M } from '@pd/contracts';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { ApiError } from '../../../../api/client.ts';
import { useCalendarFeed, usePractitioners } from '../../../../api/diarySettings.ts';
import { useSession } from '../../../../app/auth/authContext.ts';
import { useToast } from '../../../../app/toast/toastContext.ts';
import { failureMessage } from '../../../../lib/forms/serverErrors.ts';

const HEADING = 'settings-calendar-feed-heading';

const madeAt = (instant: string | null, timeZone: string) =>
  instant
    ? new Date(instant).toLocaleString('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' })
    : 'earlier';

/**
 * The signed-in practitioner's secret calendar feed (issue 15, part 8): a read-only ICS address for their
 * phone or mail calendar with times, type and client initials only. The address is shown once, when made;
 * a new one replaces the old, and revoking stops it.
 */
export function CalendarFeedTab() {
  const { user, company } = useSession();
  const toast = useToast();
  const { state, create, revoke } = useCalendarFeed(user.id);
  const practitioners = usePractitioners(company.id);
  // Only a practitioner has appointments of their own to feed (the API refuses the others too).
  const notPractitioner =
    practitioners.data !== undefined &&
    !practitioners.data.some((p) => p.userId === user.id && p.active === 'Y');
  const [url, setUrl] = useState<string | null>(null);

  const make = () =>
    create.mutate(undefined, {
      onSuccess: (made) => {
        setUrl(made.url);
        toast.success(APPOINTMENT_MESSAGES.feedCreated);
      },
      // Not a practitioner: the API says so; anything else is the catalogue's failure.
      onError: (error) =>
        toast.error(
          error instanceof ApiError && error.status === 403 ? failureMessage(error) : M.feedCreateFailed,
        ),
    });
  const askRevoke = () =>
    confirmDialog({
      header: 'Revoke calendar feed',
      message: 'Revoke your calendar feed? Calendars that use its address stop updating.',
      icon: 'pi pi-exclamation-triangle',
      defaultFocus: 'reject',
      acceptLabel: 'Yes',
      rejectLabel: 'No',
      acceptClassName: 'p-button-danger',
      accept: () =>
        revoke.mutate(undefined, {
          onSuccess: () => {
            setUrl(null);
            toast.success(APPOINTMENT_MESSAGES.feedRevoked);
          },
          onError: () => toast.error(M.feedRevokeFailed),
        }),
    });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(M.feedCopied);
    } catch {
      toast.error(M.feedCopyFailed);
    }
  };

  const active = state.data?.active === true;
  return (
    <section className="settings-section calendar-feed" aria-labelledby={HEADING}>
      <div className="settings-section__header">
        <h2 id={HEADING}>My calendar feed</h2>
      </div>
      <p className="muted">
        Subscribe to your own appointments from your phone or mail calendar. The feed holds times, the
        appointment type and the client&rsquo;s initials only, never notes or health details. Keep its address
        secret: anyone who has it can read your diary.
      </p>
      {state.isError && (
        <div className="notice notice--error" role="alert">
          <span>Your calendar feed could not be loaded.</span>
          <Button type="button" label="Try again" size="small" text onClick={() => void state.refetch()} />
        </div>
      )}
      {state.isPending && (
        <p role="status" className="muted">
          Loading your calendar feed. Please wait.
        </p>
      )}
      {state.data && (
        <p role="status" data-testid="calendar-feed-state">
          {active
            ? `Your calendar feed is active (made ${madeAt(state.data.createdAt, company.timeZone)}).`
            : 'You have no calendar feed.'}
        </p>
      )}
      {url && (
        <div className="calendar-feed__address">
          <label htmlFor="calendar-feed-url">Feed address (shown only now)</label>
          <div className="calendar-feed__copy">
            <InputText id="calendar-feed-url" value={url} readOnly onFocus={(e) => e.target.select()} />
            <Button type="button" label="Copy" icon="pi pi-copy" onClick={() => void copy()} />
          </div>
        </div>
      )}
      {state.data && notPractitioner && !active && (
        <p className="notice notice--info" data-testid="calendar-feed-not-practitioner">
          <span className="pi pi-info-circle" aria-hidden="true" />
          Only practitioners have a calendar feed. An administrator makes users practitioners under
          Practitioners.
        </p>
      )}
      {state.data && !(notPractitioner && !active) && (
        <div className="calendar-feed__actions">
          <Button
            type="button"
            label={active ? 'Make a new address' : 'Create calendar feed'}
            icon="pi pi-link"
            loading={create.isPending}
            onClick={make}
          />
          {active && (
            <Button
              type="button"
              label="Revoke"
              icon="pi pi-ban"
              outlined
              className="calendar-feed__revoke"
              loading={revoke.isPending}
              onClick={askRevoke}
            />
          )}
        </div>
      )}
      {active && !url && (
        <p className="muted">
          The address is shown only when it is made. Lost it? Make a new address: the old one stops working.
        </p>
      )}
    </section>
  );
}
