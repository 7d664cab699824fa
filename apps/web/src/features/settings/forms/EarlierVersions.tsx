import { type FormSummary, formatDateTimeIn } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useFormDetail, useFormVersion } from '../../../api/forms.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { useTimeZone } from '../../../lib/company.ts';
import { QueryProblem } from '../billing/QueryProblem.tsx';
import { FormPreview } from './preview/FormPreview.tsx';

/** The published versions before the newest, each opening as the client saw it (read-only, in a dialog). */
export function EarlierVersions({ form }: { form: FormSummary }) {
  const { company } = useSession();
  const timeZone = useTimeZone();
  const detail = useFormDetail(company.id, form.id);
  const [open, setOpen] = useState<{ id: number; version: number } | null>(null);
  const earlier = (detail.data?.versions ?? []).filter(
    (v) => v.status === 'published' && v.id !== form.published?.id,
  );
  if (earlier.length === 0) return null;
  return (
    <div className="form-editor__earlier">
      <span>Earlier versions:</span>
      {earlier.map((v) => (
        <Button
          key={v.id}
          type="button"
          text
          size="small"
          label={`Version ${v.version}`}
          aria-label={`Version ${v.version}, published ${formatDateTimeIn(v.publishedAt, timeZone)}`}
          onClick={() => setOpen({ id: v.id, version: v.version })}
        />
      ))}
      {open && (
        <Dialog
          visible
          header={`${form.name}, version ${open.version}`}
          onHide={() => setOpen(null)}
          className="settings-dialog settings-dialog--wide"
          modal
          draggable={false}
          blockScroll
        >
          <EarlierVersion versionId={open.id} />
        </Dialog>
      )}
    </div>
  );
}

function EarlierVersion({ versionId }: { versionId: number }) {
  const { company } = useSession();
  const version = useFormVersion(company.id, versionId);
  return (
    <>
      <QueryProblem query={version} what="this version" />
      {version.data && <FormPreview definition={version.data.definition} />}
    </>
  );
}
