import { Button } from 'primereact/button';

/**
 * A toolbar action that is not built yet: visibly disabled, says "Coming soon" on hover and focus, and
 * stays focusable (aria-disabled) so keyboard users learn it too.
 */
export function ComingSoonButton({ id, label, icon }: { id: string; label: string; icon: string }) {
  const hintId = `${id}-coming-soon`;
  return (
    <>
      <Button
        type="button"
        label={label}
        icon={icon}
        outlined
        className="coming-soon-button"
        aria-disabled="true"
        aria-describedby={hintId}
        tooltip="Coming soon"
        tooltipOptions={{ position: 'bottom', event: 'both' }}
        onClick={(e) => e.preventDefault()}
      />
      <span id={hintId} className="sr-only">
        Coming soon
      </span>
    </>
  );
}
